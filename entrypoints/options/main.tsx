import { render } from 'preact';
import { OptionsApp } from '@/src/ui/options/OptionsApp';
import '@/src/ui/styles.css';

render(<OptionsApp />, document.getElementById('app')!);
