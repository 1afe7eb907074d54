// The explore feed's surface for other modules: its popular page, its dramas by id, their first episode.
export { type ExploreRow, findExploreDramas, findExplorePage, firstPlayableEpisode } from './queries.js';
