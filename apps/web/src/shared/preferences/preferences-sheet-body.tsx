import { LanguageOptions } from './language-options';
import { ThemeOptions } from './theme-options';

/** What the preferences sheet holds: its own chunk, loaded with the sheet on its first opening. */
export default function PreferencesSheetBody() {
  return (
    <div className="flex flex-col gap-6 pt-3 pb-2">
      <ThemeOptions />
      <LanguageOptions />
    </div>
  );
}
