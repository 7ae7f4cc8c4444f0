import { render } from 'preact';

render(<main>Deskmate</main>, document.getElementById('app')!);
