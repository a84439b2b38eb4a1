// LinuxDO's round mark (black, white and amber bands), drawn inline: Arco has no icon for it.
import { useId } from 'react';

export function LinuxDoMark({ size = '1em' }: { size?: string | number }) {
  const clip = `gc-linuxdo-${useId().replace(/:/g, '')}`;
  return (
    <svg width={size} height={size} viewBox="0 0 120 120" aria-hidden="true" className="arco-icon" style={{ verticalAlign: '-2px' }}>
      <clipPath id={clip}>
        <circle cx="60" cy="60" r="50" />
      </clipPath>
      <circle cx="60" cy="60" r="53" fill="#f0f0f0" />
      <g clipPath={`url(#${clip})`}>
        <rect x="10" y="10" width="100" height="30" fill="#1c1c1e" />
        <rect x="10" y="40" width="100" height="40" fill="#f0f0f0" />
        <rect x="10" y="80" width="100" height="30" fill="#ffb003" />
      </g>
    </svg>
  );
}
