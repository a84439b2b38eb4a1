// The app served by the daemon: a plain consumer of the library entry, so the embedded path runs every day.
import { mountConsole } from './lib';

const root = document.getElementById('root');
if (root) mountConsole(root, { allowBodyTheme: true });
