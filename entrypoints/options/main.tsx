import { render } from 'preact';

render(<main>Deskmate settings</main>, document.getElementById('app')!);
