import { render } from 'preact';
import { App } from '@/src/ui/sidebar/App';
import '@/src/ui/styles.css';

render(<App />, document.getElementById('app')!);
