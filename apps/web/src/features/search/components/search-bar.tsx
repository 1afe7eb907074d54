import { SEARCH_KEYWORD_MAX } from '@drama/contracts';
import { ChevronLeft, Search, X } from 'lucide-react';
import type { FormEvent, RefObject } from 'react';
import { useTranslation } from '../../../shared/i18n/i18n';

interface SearchBarProps {
  value: string;
  onChange: (value: string) => void;
  onSubmit: () => void;
  onClear: () => void;
  onBack: () => void;
  inputRef: RefObject<HTMLInputElement | null>;
  autoFocus: boolean;
}

/** Back, the search field with its clear button, and the search button, in one sticky row. */
export function SearchBar({ value, onChange, onSubmit, onClear, onBack, inputRef, autoFocus }: SearchBarProps) {
  const { t } = useTranslation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <header className="sticky top-0 z-30 bg-bg/85 pt-safe backdrop-blur-xl">
      <form role="search" onSubmit={submit} className="flex h-14 items-center gap-1 pr-2 pl-1">
        <button type="button" aria-label={t('common.back')} className="icon-btn" onClick={onBack} data-testid="search-back">
          <ChevronLeft aria-hidden className="size-6" />
        </button>
        <div className="relative flex h-10 min-w-0 flex-1 items-center rounded-full bg-surface-2 focus-within:ring-2 focus-within:ring-accent/40">
          <Search aria-hidden className="pointer-events-none absolute left-3 size-4 text-fg-subtle" strokeWidth={2.2} />
          <input
            ref={inputRef}
            type="search"
            enterKeyHint="search"
            inputMode="search"
            autoComplete="off"
            autoCorrect="off"
            spellCheck={false}
            // A fresh visit types at once; coming back to results does not pop up the keyboard.
            autoFocus={autoFocus}
            maxLength={SEARCH_KEYWORD_MAX}
            value={value}
            onChange={(event) => onChange(event.target.value)}
            placeholder={t('search.placeholder')}
            aria-label={t('search.inputLabel')}
            data-testid="search-input"
            className={`h-full min-w-0 flex-1 appearance-none bg-transparent pl-9 text-[15px] text-fg outline-none placeholder:text-fg-subtle [&::-webkit-search-cancel-button]:hidden ${value ? 'pr-11' : 'pr-4'}`}
          />
          {value && (
            <button
              type="button"
              aria-label={t('search.clear')}
              data-testid="search-clear"
              onClick={onClear}
              className="absolute right-0 grid size-10 place-items-center rounded-full text-fg-subtle active:text-fg"
            >
              <span className="grid size-[18px] place-items-center rounded-full bg-fg-subtle/70 text-bg">
                <X aria-hidden className="size-3" strokeWidth={3} />
              </span>
            </button>
          )}
        </div>
        <button
          type="submit"
          data-testid="search-submit"
          className="min-h-11 shrink-0 rounded-full px-3 text-[15px] font-semibold text-accent active:bg-accent-soft"
        >
          {t('search.submit')}
        </button>
      </form>
    </header>
  );
}
