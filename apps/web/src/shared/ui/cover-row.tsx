import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CoverImage } from './cover-image';
import { SelectMark } from './edit-mode';
import { Skeleton } from './skeleton';

/** A row's part in the list's edit mode. */
export interface RowEditing {
  editing: boolean;
  selected: boolean;
  onToggle: () => void;
  onRemove: () => void;
}

interface CoverRowProps extends RowEditing {
  title: string;
  /** The heading level under the page's: h3 when the rows are grouped under headings of their own. */
  titleAs?: 'h2' | 'h3';
  coverUrl: string;
  /** Where the row leads when not editing. */
  to: string;
  /** The lines under the title. */
  children: ReactNode;
  /** Names the remove button, with the title: "Remove X from favourites". */
  removeLabel: string;
  removeIcon: LucideIcon;
  testIds: { row: string; remove: string };
}

/**
 * A drama in one of the member's own lists (favourites, history): cover, title and lines,
 * opening it or removing it; in edit mode the whole row is a checkbox.
 */
export function CoverRow({
  title,
  titleAs: Title = 'h2',
  coverUrl,
  to,
  children,
  editing,
  selected,
  onToggle,
  onRemove,
  removeLabel,
  removeIcon: RemoveIcon,
  testIds,
}: CoverRowProps) {
  const body = (
    <>
      <div className="relative aspect-[3/4] w-[72px] shrink-0 overflow-hidden rounded-lg bg-surface-2">
        <CoverImage src={coverUrl} sizes="72px" className="size-full object-cover" />
      </div>
      <div className="flex min-w-0 flex-1 flex-col justify-center gap-1 py-0.5">
        <Title className="line-clamp-2 text-[15px] leading-snug font-semibold text-fg [overflow-wrap:anywhere]">{title}</Title>
        {children}
      </div>
    </>
  );

  if (editing) {
    return (
      <button
        type="button"
        role="checkbox"
        aria-checked={selected}
        aria-label={title}
        onClick={onToggle}
        data-testid={testIds.row}
        className="flex w-full items-center gap-3 px-4 py-2.5 text-left active:bg-surface-2"
      >
        <SelectMark selected={selected} />
        {body}
      </button>
    );
  }

  return (
    <div className="flex items-center gap-1 pr-1.5 pl-4 active:bg-surface-2" data-testid={testIds.row}>
      <Link to={to} className="flex min-w-0 flex-1 items-stretch gap-3 py-2.5">
        {body}
      </Link>
      <button
        type="button"
        onClick={onRemove}
        aria-label={removeLabel}
        data-testid={testIds.remove}
        className="icon-btn text-fg-subtle active:text-accent"
      >
        <RemoveIcon aria-hidden className="size-5" strokeWidth={1.9} />
      </button>
    </div>
  );
}

interface CoverRowSkeletonProps {
  as: 'li' | 'div';
  /** The classes of the lines beside the cover, each sized like the text it stands for. */
  lines: readonly string[];
}

export function CoverRowSkeleton({ as: Row, lines }: CoverRowSkeletonProps) {
  return (
    <Row className="flex gap-3 px-4 py-2.5">
      <Skeleton className="aspect-[3/4] w-[72px] rounded-lg" />
      <div className="flex flex-1 flex-col justify-center gap-2">
        {lines.map((line, index) => (
          <Skeleton key={index} className={line} />
        ))}
      </div>
    </Row>
  );
}
