export { letterRoutes } from './routes';
export { GenerateLetterButton } from './components/generate-letter-button';
export { GenerateLettersButton } from './components/generate-letters-button';
