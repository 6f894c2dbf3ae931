import type { ReactNode } from 'react';

// Toolbar glyphs drawn as SVG: emoji and symbol fonts are not on every machine.
type IconProps = { size?: number };

function Svg({ size = 18, children }: IconProps & { children: ReactNode }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

export const BulletListIcon = () => (
  <Svg>
    <path d="M9 6h11M9 12h11M9 18h11" />
    <circle cx="4.5" cy="6" r="1" fill="currentColor" />
    <circle cx="4.5" cy="12" r="1" fill="currentColor" />
    <circle cx="4.5" cy="18" r="1" fill="currentColor" />
  </Svg>
);

export const OrderedListIcon = () => (
  <Svg>
    <path d="M10 6h10M10 12h10M10 18h10M4 5l1.5-1V9M3.5 14.5c.5-.8 2.5-.8 2.5.5S3.5 17 3.5 19h3" />
  </Svg>
);

export const QuoteIcon = () => (
  <Svg>
    <path d="M5 18c2.5-1 4-3 4-6V7H4v5h4M14 18c2.5-1 4-3 4-6V7h-5v5h4" />
  </Svg>
);

export const LinkIcon = () => (
  <Svg>
    <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />
  </Svg>
);

export const ImageIcon = () => (
  <Svg>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <circle cx="9" cy="10" r="1.6" />
    <path d="M21 16l-5-5-8 8" />
  </Svg>
);

export const VideoIcon = () => (
  <Svg>
    <rect x="3" y="6" width="18" height="12" rx="3" />
    <path d="M10.5 9.5v5l4-2.5z" fill="currentColor" />
  </Svg>
);

export const UndoIcon = () => (
  <Svg>
    <path d="M9 14L4 9l5-5M4 9h10a6 6 0 0 1 0 12h-3" />
  </Svg>
);

export const RedoIcon = () => (
  <Svg>
    <path d="M15 14l5-5-5-5M20 9H10a6 6 0 0 0 0 12h3" />
  </Svg>
);
