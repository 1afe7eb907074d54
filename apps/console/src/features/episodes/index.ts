/* What other console features use of the episodes. */
export { EpisodesTab } from './episodes-tab';
