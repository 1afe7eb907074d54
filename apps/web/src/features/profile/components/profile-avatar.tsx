import { useState } from 'react';

interface ProfileAvatarProps {
  username: string;
  avatar: string | null;
  vip: boolean;
  /** md on the profile page, lg on the edit page. */
  size?: 'md' | 'lg';
}

const SIZES = {
  md: { box: 'size-[68px]', image: 62, initial: 'text-2xl' },
  lg: { box: 'size-[104px]', image: 98, initial: 'text-4xl' },
} as const;

/** The member's picture, or the first letter of their name on the accent colour; ringed gold for VIP. */
export function ProfileAvatar({ username, avatar, vip, size = 'md' }: ProfileAvatarProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const initial = [...username.trim()][0]?.toUpperCase() ?? '?';
  const showImage = avatar && failed !== avatar;
  const look = SIZES[size];
  return (
    <div
      className={`relative ${look.box} shrink-0 rounded-full p-[3px] ${
        vip ? 'bg-gradient-to-br from-gold-fill to-gold-fill-2' : 'bg-line-strong'
      }`}
      data-testid="profile-avatar"
    >
      {showImage ? (
        <img
          src={avatar}
          alt=""
          width={look.image}
          height={look.image}
          className="size-full rounded-full border-2 border-bg bg-surface-2 object-cover"
          onError={() => setFailed(avatar)}
          data-testid="profile-avatar-image"
        />
      ) : (
        <span
          aria-hidden
          className={`grid size-full place-items-center rounded-full border-2 border-bg bg-gradient-to-br from-accent-fill-2 to-accent-fill ${look.initial} font-bold text-on-accent`}
        >
          {initial}
        </span>
      )}
    </div>
  );
}
