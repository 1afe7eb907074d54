import { Fragment, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/i18n';
import { CardList } from '../card-list';
import { Placeholders } from '../skeleton';
import { InfiniteList, type InfiniteListProps } from './infinite-list';

interface InfiniteCardListProps<TItem> extends Omit<InfiniteListProps<TItem>, 'skeleton' | 'children' | 'endText'> {
  /** One row's shape while the first page loads, and how many of them fill the screen. */
  placeholder: ComponentType;
  placeholderCount: number;
  renderItem: (item: TItem) => ReactNode;
  'data-testid': string;
}

/** An endless list of rows in one card, under the page's header: records, feedback. */
export function InfiniteCardList<TItem>({
  placeholder,
  placeholderCount,
  renderItem,
  'data-testid': testId,
  ...list
}: InfiniteCardListProps<TItem>) {
  const { t } = useTranslation();
  return (
    <InfiniteList
      {...list}
      skeleton={
        <CardList className="mt-3">
          <Placeholders count={placeholderCount} of={placeholder} />
        </CardList>
      }
      endText={t('common.endOfList')}
    >
      {(items) => (
        <CardList className="mt-3" data-testid={testId}>
          {items.map((item) => (
            <Fragment key={list.keyOf(item)}>{renderItem(item)}</Fragment>
          ))}
        </CardList>
      )}
    </InfiniteList>
  );
}
