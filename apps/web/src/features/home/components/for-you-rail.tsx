import { useId, useRef } from 'react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { useSession } from '../../../shared/session/session-store';
import { useUserSettings } from '../../../shared/user-settings/user-settings';
import { DramaCard } from '../../../shared/ui/drama-card';
import { RowArrows } from '../../../shared/ui/row-arrows';
import { SectionHeader } from '../../../shared/ui/section-header';
import { useForYou } from '../api/get-for-you';

const CARD_CLASS = 'w-[112px] shrink-0 snap-start lg:w-[164px]';

/**
 * "For you": the member's own ranked dramas, under "Because you watched X" (the drama the first
 * of them came from). Shown only when the list really is theirs: for guests, members who turned
 * personalised recommendations off and members the server has nothing on yet, the answer is the
 * popular order, which the "Top 10 today" row below already shows; a second copy titled "For you"
 * would claim a personalisation that is not there. With the switch off there is no call at all.
 */
export function ForYouRail({ ready }: { ready: boolean }) {
  const { user } = useSession();
  const personalised = useUserSettings().privacy.recommendations;
  if (!user || !personalised) return null;
  return <MemberForYou userId={user.id} ready={ready} />;
}

function MemberForYou({ userId, ready }: { userId: number; ready: boolean }) {
  const { t } = useTranslation();
  const headingId = useId();
  const scrollerRef = useRef<HTMLDivElement>(null);
  const { data } = useForYou(userId, ready);
  // A failed call leaves the row out: the rows below still offer plenty to watch.
  if (!data?.personalised || data.items.length === 0) return null;
  const because = data.items.find((item) => item.because !== null)?.because;

  return (
    <section aria-labelledby={headingId} data-testid="for-you" className="mt-7 lg:mt-10">
      <SectionHeader id={headingId} title={t('home.forYou')}>
        <RowArrows scrollerRef={scrollerRef} />
      </SectionHeader>
      {because && (
        <p data-testid="for-you-because" className="mt-0.5 truncate px-4 text-[13px] text-fg-muted">
          {t('home.becauseYouWatched', { title: because.title })}
        </p>
      )}
      <div
        ref={scrollerRef}
        className="scrollbar-none mt-2.5 flex snap-x scroll-px-4 gap-3 overflow-x-auto overscroll-x-contain px-4 pb-1 lg:gap-4 lg:scroll-smooth"
      >
        {data.items.map((item) => (
          <DramaCard key={item.drama.id} drama={item.drama} meta={item.drama.category?.name} className={CARD_CLASS} />
        ))}
      </div>
    </section>
  );
}
