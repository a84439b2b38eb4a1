// A vendor's monogram in a small coloured disc (no icon package: the server names the letters, the colour comes
// from Arco's palette, which has light and dark variants).
import type { CSSProperties } from 'react';

const PALETTE = ['arcoblue', 'green', 'orangered', 'purple', 'cyan', 'magenta', 'gold', 'lime', 'pinkpurple', 'red', 'orange', 'blue'];

function colourOf(key: string): string {
  let h = 0;
  for (const ch of key) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return PALETTE[h % PALETTE.length];
}

export function VendorIcon({ vendorKey, icon, size = 18 }: { vendorKey: string; icon: string; size?: number }) {
  const style: CSSProperties = {
    display: 'inline-flex', alignItems: 'center', justifyContent: 'center', flex: 'none', width: size, height: size,
    borderRadius: '50%', fontSize: Math.round(size * (icon.length > 1 ? 0.45 : 0.6)), fontWeight: 600, lineHeight: 1,
    color: '#fff', background: `rgb(var(--${colourOf(vendorKey)}-6))`, verticalAlign: 'middle',
  };
  return (
    <span style={style} aria-hidden="true">
      {icon}
    </span>
  );
}
