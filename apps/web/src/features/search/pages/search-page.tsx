import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { HotSearches } from '../components/hot-searches';
import { SearchBar } from '../components/search-bar';
import { SearchHistoryPanel } from '../components/search-history-panel';
import { SearchResults } from '../components/search-results';
import { addSearchTerm, normaliseTerm } from '../lib/search-history';

/** Searching as you type waits this long after the last key, so one word is one request. */
const TYPING_DEBOUNCE_MS = 300;

/**
 * Search: the keyword lives in the URL (`?q=`), so back and refresh keep it. Typing searches
 * as a suggestion; pressing Enter or choosing a history or hot term is a real search, which
 * is what the hot list counts, and what the device's history remembers.
 */
export function SearchPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const keyword = normaliseTerm(searchParams.get('q') ?? '');
  const inputRef = useRef<HTMLInputElement>(null);

  const [text, setText] = useState(keyword);
  const [shownKeyword, setShownKeyword] = useState(keyword);
  // The keyword the user submitted; searching it again as they type would not count.
  const [submitted, setSubmitted] = useState<string | null>(null);
  const [autoFocus] = useState(() => keyword === '');

  // What this page last put in the URL: a change to anything else came from back or forward.
  const [written, setWritten] = useState(keyword);
  if (keyword !== shownKeyword) {
    setShownKeyword(keyword);
    if (keyword !== written && normaliseTerm(text) !== keyword) setText(keyword);
  }

  const writeKeyword = useCallback(
    (term: string) => {
      setWritten(term);
      if (term === keyword) return;
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (term) next.set('q', term);
          else next.delete('q');
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
    },
    [keyword, setSearchParams, setWritten],
  );

  // Typing searches once the keys have been still for a moment, so one word is one request.
  const typingTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(typingTimer.current), []);

  const onChange = (value: string) => {
    setText(value);
    clearTimeout(typingTimer.current);
    const term = normaliseTerm(value);
    // A cleared field goes back to history and hot searches at once.
    if (!term) writeKeyword('');
    else typingTimer.current = setTimeout(() => writeKeyword(term), TYPING_DEBOUNCE_MS);
  };

  const search = (raw: string) => {
    const term = normaliseTerm(raw);
    if (!term) {
      inputRef.current?.focus();
      return;
    }
    clearTimeout(typingTimer.current);
    setText(term);
    setSubmitted(term);
    addSearchTerm(term);
    writeKeyword(term);
    inputRef.current?.blur();
  };

  const clear = () => {
    clearTimeout(typingTimer.current);
    setText('');
    setSubmitted(null);
    writeKeyword('');
    inputRef.current?.focus();
  };

  const back = () => {
    // The first entry of a session has key "default"; going back from it would leave the app.
    if (location.key !== 'default') navigate(-1);
    else navigate('/', { replace: true });
  };

  return (
    <div data-testid="search-page" className="flex flex-1 flex-col">
      <SearchBar
        value={text}
        onChange={onChange}
        onSubmit={() => search(text)}
        onClear={clear}
        onBack={back}
        inputRef={inputRef}
        autoFocus={autoFocus}
      />
      {keyword ? (
        <SearchResults keyword={keyword} suggest={submitted !== keyword} onOpen={() => addSearchTerm(keyword)} />
      ) : (
        <>
          <SearchHistoryPanel onPick={search} />
          <HotSearches onPick={search} />
        </>
      )}
    </div>
  );
}
