import { render } from 'preact';
import { OptionsApp } from '@/src/ui/options/OptionsApp';
import { localizeDocument } from '@/src/ui/i18n';
import '@/src/ui/styles.css';

localizeDocument('options_title');
render(<OptionsApp />, document.getElementById('app')!);
