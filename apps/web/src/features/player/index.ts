// What other features use of the player: its episode list and drama call, the like and favourite
// buttons, and the subtitle and media helpers the feed plays with too.
export { usePlayerDrama } from './api/get-player-drama';
export { EpisodeDrawer } from './components/episode-drawer';
export { EngagementActions } from './components/engagement-actions';
export { useEngagement } from './hooks/use-engagement';
export { isHlsUrl, withTimestamp } from './lib/media-url';
export { SUBTITLE_COLOR_VALUES, useSubtitleSettings } from './lib/subtitle-settings';
export { activeCues, parseVtt } from './lib/vtt';
