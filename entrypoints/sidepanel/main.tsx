import { render } from 'preact';
import { App } from '@/src/ui/sidebar/App';
import { localizeDocument } from '@/src/ui/i18n';
import '@/src/ui/styles.css';

localizeDocument('extName');
render(<App />, document.getElementById('app')!);
