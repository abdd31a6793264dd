/** The toolbar's icons: inline SVG in the text's colour (no icon font, no emoji font needed). */
import type { ComponentChildren } from 'preact';
const icon = (children: ComponentChildren) => (
  <svg class="blocks-toolbar__icon" viewBox="0 0 20 20" width="18" height="18" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false">
    {children}
  </svg>
);

export const LinkIcon = () =>
  icon(
    <>
      <path d="M8.5 11.5a3.5 3.5 0 0 0 5 0l2.5-2.5a3.5 3.5 0 0 0-5-5l-1 1" />
      <path d="M11.5 8.5a3.5 3.5 0 0 0-5 0L4 11a3.5 3.5 0 0 0 5 5l1-1" />
    </>,
  );

export const BulletListIcon = () =>
  icon(
    <>
      <circle cx="4" cy="5" r="1" fill="currentColor" />
      <circle cx="4" cy="10" r="1" fill="currentColor" />
      <circle cx="4" cy="15" r="1" fill="currentColor" />
      <path d="M8 5h9M8 10h9M8 15h9" />
    </>,
  );

export const NumberedListIcon = () =>
  icon(
    <>
      <path d="M3 3.5h1.5v4M3 7.5h3M3 12.5c0-1 3-1 3 .5S3 15 3 16.5h3" stroke-width="1.4" />
      <path d="M9 5h8M9 10h8M9 15h8" />
    </>,
  );

export const ImageIcon = () =>
  icon(
    <>
      <rect x="2.5" y="3.5" width="15" height="13" rx="2" />
      <circle cx="7" cy="8" r="1.5" />
      <path d="M17.5 13.5l-4-4-8 7" />
    </>,
  );

export const UndoIcon = () => icon(<path d="M7 4L3 8l4 4M3 8h9a4.5 4.5 0 0 1 0 9H9" />);
export const RedoIcon = () => icon(<path d="M13 4l4 4-4 4M17 8H8a4.5 4.5 0 0 0 0 9h3" />);
