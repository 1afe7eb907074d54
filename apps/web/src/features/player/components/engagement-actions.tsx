import { Heart, Star } from 'lucide-react';
import { compactCount } from '../../../shared/i18n/compact-count';
import { useLocale, useTranslation } from '../../../shared/i18n/i18n';
import { RailAction } from '../../../shared/ui/rail-action';
import type { Engagement } from '../hooks/use-engagement';

interface EngagementActionsProps {
  engagement: Engagement;
  /** Whose words: the feed and the player name the same actions a little differently. */
  copy: 'explore' | 'player';
  testIdPrefix: 'explore' | 'action';
  /** Told after either button is used. */
  onAction?: () => void;
}

/** The like and favourite buttons of a rail, with their counts. */
export function EngagementActions({ engagement, copy, testIdPrefix, onAction }: EngagementActionsProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { liked, likeCount, favorited, favoriteCount } = engagement;
  const favoriteCaption = favorited ? t(`${copy}.favorited`) : t(`${copy}.favorite`);
  return (
    <>
      <RailAction
        icon={Heart}
        testId={`${testIdPrefix}-like`}
        label={liked ? t(`${copy}.unlike`) : t(`${copy}.like`)}
        pressed={liked}
        caption={likeCount > 0 ? compactCount(likeCount, locale) : t(`${copy}.like`)}
        onClick={() => {
          engagement.toggleLike();
          onAction?.();
        }}
        active={liked}
        activeClass="fill-accent-fill-2 text-accent-fill-2"
      />
      <RailAction
        icon={Star}
        testId={`${testIdPrefix}-favorite`}
        label={favorited ? t(`${copy}.unfavorite`) : t(`${copy}.favorite`)}
        pressed={favorited}
        caption={favoriteCount > 0 ? compactCount(favoriteCount, locale) : favoriteCaption}
        onClick={() => {
          void engagement.toggleFavorite();
          onAction?.();
        }}
        active={favorited}
        activeClass="fill-gold-fill text-gold-fill"
      />
    </>
  );
}
