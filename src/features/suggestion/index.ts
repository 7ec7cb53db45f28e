export { SuggestionScreen } from './suggestion-screen';
