import { AVATAR_LIMITS, NICKNAME_MAX, isVipActive, nicknameSchema } from '@drama/contracts';
import { Camera, UserRound } from 'lucide-react';
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { Area } from 'react-easy-crop';
import { useNavigate } from 'react-router';
import { formErrorMessage } from '../../../shared/i18n/error-message';
import { useTranslation, type TFunction } from '../../../shared/i18n/i18n';
import { FormAlert } from '../../../shared/ui/form/form-alert';
import { SubmitButton } from '../../../shared/ui/form/submit-button';
import { TextField } from '../../../shared/ui/form/text-field';
import { PageHeader } from '../../../shared/ui/page-header';
import { toast } from '../../../shared/ui/toast/toast-store';
import { useUpdateProfile } from '../api/update-profile';
import { useUploadAvatar } from '../api/upload-avatar';
import { AvatarCropper } from '../components/avatar-cropper';
import { ProfileAvatar } from '../components/profile-avatar';
import { useProfileUser } from '../hooks/use-profile-user';
import { cropToSquare } from '../lib/crop-image';

/** An object URL that is released when replaced or when the page goes. */
function useObjectUrl(): [string | null, (blob: Blob | null) => void] {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => () => {
    if (url) URL.revokeObjectURL(url);
  }, [url]);
  return [url, (blob) => setUrl(blob ? URL.createObjectURL(blob) : null)];
}

function nicknameError(t: TFunction, value: string): string | undefined {
  const parsed = nicknameSchema.safeParse(value);
  if (parsed.success) return undefined;
  if (value.trim() === '') return t('profileEdit.nicknameRequired');
  if ([...value.trim()].length > NICKNAME_MAX) return t('profileEdit.nicknameTooLong', { max: NICKNAME_MAX });
  return t('profileEdit.nicknameInvalid');
}

/** The member's picture and name: pick a photo, frame it square, name yourself, save. */
export function ProfileEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { me, user } = useProfileUser();
  const updateProfile = useUpdateProfile();
  const uploadAvatar = useUploadAvatar();
  const fileInput = useRef<HTMLInputElement>(null);

  const [nickname, setNickname] = useState<string | null>(null);
  const [picked, setPicked] = useObjectUrl();
  const [cropped, setCropped] = useState<Blob | null>(null);
  const [preview, setPreview] = useObjectUrl();
  const [cropping, setCropping] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);

  if (!user) return null;
  const savedNickname = me.data?.nickname ?? '';
  const name = nickname ?? savedNickname;
  const changedName = name.trim() !== savedNickname;
  const pending = updateProfile.isPending || uploadAvatar.isPending;

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!(AVATAR_LIMITS.types as readonly string[]).includes(file.type)) {
      setFailure(t('profileEdit.notAnImage'));
      return;
    }
    setFailure(null);
    setPicked(file);
  };

  const onCropped = async (area: Area) => {
    if (!picked) return;
    setCropping(true);
    try {
      const blob = await cropToSquare(picked, area);
      setCropped(blob);
      setPreview(blob);
      setPicked(null);
    } catch {
      setFailure(t('profileEdit.notAnImage'));
      setPicked(null);
    } finally {
      setCropping(false);
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const problem = changedName || !savedNickname ? nicknameError(t, name) : undefined;
    setError(problem);
    if (problem) return;
    if (!cropped && !changedName) {
      void navigate('/profile', { replace: true });
      return;
    }
    setFailure(null);
    try {
      if (cropped) await uploadAvatar.mutateAsync(cropped);
      setCropped(null);
      if (changedName) await updateProfile.mutateAsync({ nickname: name });
      toast.success(t('profileEdit.saved'));
      void navigate('/profile', { replace: true });
    } catch (caught) {
      setFailure(formErrorMessage(t, caught, 'profileEdit.saveFailed'));
    }
  };

  return (
    <div className="flex flex-1 flex-col" data-testid="profile-edit-page">
      <PageHeader title={t('routes.profileEdit')} fallback="/profile" />
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col px-4 pt-6 pb-10">
        <div className="flex flex-col items-center">
          <button
            type="button"
            onClick={() => fileInput.current?.click()}
            className="relative rounded-full"
            aria-label={t('profileEdit.changePhoto')}
            data-testid="avatar-change"
          >
            {preview ? (
              <span className="block size-[104px] rounded-full bg-line-strong p-[3px]">
                <img src={preview} alt="" width={98} height={98} className="size-full rounded-full border-2 border-bg object-cover" data-testid="avatar-preview" />
              </span>
            ) : (
              <ProfileAvatar username={name || user.username} avatar={user.avatar} vip={isVipActive(user)} size="lg" />
            )}
            <span className="absolute right-0 bottom-0 grid size-9 place-items-center rounded-full border-2 border-bg bg-accent-fill text-on-accent shadow-card">
              <Camera aria-hidden className="size-[18px]" strokeWidth={2.2} />
            </span>
          </button>
          <button type="button" onClick={() => fileInput.current?.click()} className="mt-3 min-h-11 px-3 text-sm font-semibold text-accent">
            {t('profileEdit.changePhoto')}
          </button>
          <p className="text-center text-xs text-fg-subtle">{t('profileEdit.photoHint')}</p>
          <input
            ref={fileInput}
            type="file"
            accept={AVATAR_LIMITS.types.join(',')}
            className="sr-only"
            tabIndex={-1}
            aria-hidden
            onChange={onPick}
            data-testid="avatar-input"
          />
        </div>

        <TextField
          className="mt-7"
          label={t('profileEdit.nickname')}
          icon={UserRound}
          value={name}
          onValueChange={(value) => {
            setNickname(value);
            if (error) setError(undefined);
          }}
          placeholder={user.username}
          autoComplete="nickname"
          enterKeyHint="done"
          error={error}
          hint={t('profileEdit.nicknameHint', { max: NICKNAME_MAX })}
          data-testid="nickname-input"
        />
        <p className="mt-3 px-1 text-[13px] text-fg-subtle">{t('profileEdit.usernameNote', { username: user.username })}</p>

        <div className="mt-4 empty:hidden">
          <FormAlert message={failure} />
        </div>
        <SubmitButton pending={pending} className="mt-6">
          {t('profileEdit.save')}
        </SubmitButton>
      </form>

      {picked && <AvatarCropper image={picked} busy={cropping} onCancel={() => setPicked(null)} onConfirm={(area) => void onCropped(area)} />}
    </div>
  );
}
