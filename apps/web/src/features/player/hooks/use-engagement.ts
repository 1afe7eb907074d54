import { useNavigate } from 'react-router';
import { useTranslation } from '../../../shared/i18n/i18n';
import { signInPathFor } from '../../../shared/session/sign-in-path';
import { requestPushOnce } from '../../../shared/push/request-push';
import { confirm } from '../../../shared/ui/confirm/confirm-store';
import { toast } from '../../../shared/ui/toast/toast-store';
import { useFavoriteStatus } from '../api/favorite-status';
import { useLikeStatus } from '../api/like-status';
import { useToggleFavorite } from '../api/toggle-favorite';
import { useToggleLike } from '../api/toggle-like';
import { useGuestLiked } from '../lib/guest-likes';

interface EngagementOptions {
  episodeId: number;
  drama: { id: number; favoriteCount: number };
  /** The signed-in member, or `null` for a guest. */
  userId: number | null;
  /** Whether the like and favourite state is worth asking the server for yet. */
  enabled: boolean;
  /** Where a guest who signs in to save the drama comes back to. */
  returnPath: string;
}

export interface Engagement {
  liked: boolean;
  likeCount: number;
  favorited: boolean;
  favoriteCount: number;
  toggleLike: () => void;
  toggleFavorite: () => Promise<void>;
}

/** Like (members on the server, guests on the device) and favourite (members only) of one episode's drama. */
export function useEngagement({ episodeId, drama, userId, enabled, returnPath }: EngagementOptions): Engagement {
  const { t } = useTranslation();
  const navigate = useNavigate();

  const likeStatus = useLikeStatus(enabled ? episodeId : null, userId);
  const guestLiked = useGuestLiked(episodeId);
  const liked = userId === null ? guestLiked : (likeStatus.data?.isLiked ?? false);
  const likeMutation = useToggleLike(episodeId, userId);
  const toggleLike = () => {
    const like = !liked;
    likeMutation.mutate(like, {
      onError: () => toast.error(like ? t('player.likeFailed') : t('player.unlikeFailed')),
    });
  };

  const favoriteStatus = useFavoriteStatus(enabled ? drama.id : null, userId);
  const favorited = favoriteStatus.data?.isFavorited ?? false;
  const favoriteMutation = useToggleFavorite(drama.id, userId);
  const toggleFavorite = async () => {
    if (userId === null) {
      const go = await confirm({
        title: t('player.favoriteLoginTitle'),
        message: t('player.favoriteLoginMessage'),
        confirmText: t('player.goToLogin'),
        cancelText: t('player.cancel'),
      });
      if (go) navigate(signInPathFor(returnPath));
      return;
    }
    const favorite = !favorited;
    favoriteMutation.mutate(favorite, {
      onSuccess: () => {
        toast.success(favorite ? t('player.favoriteAdded') : t('player.favoriteRemoved'));
        // A member who follows a drama is the one to offer new-episode notifications to.
        if (favorite) void requestPushOnce();
      },
      onError: () => toast.error(t('player.favoriteFailed')),
    });
  };

  return {
    liked,
    likeCount: likeStatus.data?.likeCount ?? 0,
    favorited,
    favoriteCount: favoriteStatus.data?.favoriteCount ?? drama.favoriteCount,
    toggleLike,
    toggleFavorite,
  };
}
