// First: the calls of the first screen start before the rest of the console's code is evaluated.
import { firstRoute, language, languageReady, startedSignedIn } from './app/early-start';
import { createRoot } from 'react-dom/client';
import { startColorMode } from './app/color-mode';
import { App } from './app';
import { preloadScreen } from './app/screens';

// The first screen's code, now that the console's own code has been read: it loads while the
// start-up data comes and the shell is drawn.
if (startedSignedIn) preloadScreen(firstRoute);
startColorMode();

async function main() {
  await languageReady;
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root');
  // No StrictMode: its double mount would start the sign-in twice, and an authorisation code
  // is single-use.
  createRoot(root).render(<App language={language} />);
}

void main();
