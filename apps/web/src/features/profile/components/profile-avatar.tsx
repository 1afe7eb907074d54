import { useState } from 'react';

interface ProfileAvatarProps {
  username: string;
  avatar: string | null;
  vip: boolean;
}

/** The member's picture, or the first letter of their name on the accent colour; ringed gold for VIP. */
export function ProfileAvatar({ username, avatar, vip }: ProfileAvatarProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const initial = [...username.trim()][0]?.toUpperCase() ?? '?';
  const showImage = avatar && failed !== avatar;
  return (
    <div
      className={`relative size-[68px] shrink-0 rounded-full p-[3px] ${
        vip ? 'bg-gradient-to-br from-gold-fill to-gold-fill-2' : 'bg-line-strong'
      }`}
      data-testid="profile-avatar"
    >
      {showImage ? (
        <img
          src={avatar}
          alt=""
          width={62}
          height={62}
          className="size-full rounded-full border-2 border-bg bg-surface-2 object-cover"
          onError={() => setFailed(avatar)}
        />
      ) : (
        <span
          aria-hidden
          className="grid size-full place-items-center rounded-full border-2 border-bg bg-gradient-to-br from-accent-fill-2 to-accent-fill text-2xl font-bold text-on-accent"
        >
          {initial}
        </span>
      )}
    </div>
  );
}
