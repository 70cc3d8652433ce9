import { useEffect, useState } from 'react';
import { formatLocal } from './dates';

export { formatLocal, parseDate } from './dates';

// Server and first client render show the stable US long form computed in Go;
// after hydration the date is refined to the viewer's locale.
export function LocalDate({ iso, label, local = true }: { iso: string; label: string; local?: boolean }) {
  const [text, setText] = useState(label);
  useEffect(() => {
    if (local) setText(formatLocal(iso));
  }, [iso, local]);
  return <time dateTime={iso}>{text}</time>;
}
