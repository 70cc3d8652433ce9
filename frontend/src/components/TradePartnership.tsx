// The custom trade-partnership visual: two economies joined by trade lanes.
export function TradePartnership({ title }: { title: string }) {
  const lanes = [0, 1, 2, 3, 4];
  return (
    <svg className="trade-visual" viewBox="0 0 1200 630" width="1200" height="630" role="img" aria-label={title}>
      <defs>
        <linearGradient id="tp-sky" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#14213d" />
          <stop offset="1" stopColor="#1f7a6d" />
        </linearGradient>
      </defs>
      <rect width="1200" height="630" fill="url(#tp-sky)" />
      <circle cx="260" cy="310" r="150" fill="#f29f3d" opacity="0.9" />
      <circle cx="940" cy="290" r="130" fill="#f7f3ea" opacity="0.9" />
      {lanes.map((i) => {
        // Arcs from edge to edge, fanning above and below the straight line.
        const lift = (i - 2) * 70;
        return (
          <path
            key={i}
            d={`M 405 ${300 + (i - 2) * 28} C 560 ${300 + lift * 1.6}, 690 ${300 + lift * 1.6}, 815 ${290 + (i - 2) * 24}`}
            fill="none"
            stroke={i % 2 ? '#f7f3ea' : '#f29f3d'}
            strokeWidth="4"
            strokeDasharray="14 10"
            opacity="0.85"
          />
        );
      })}
      {lanes.map((i) => (
        <circle key={`n${i}`} cx={610} cy={300 + (i - 2) * 70 * 1.2} r="7" fill="#f7f3ea" opacity="0.9" />
      ))}
      <text x="260" y="324" textAnchor="middle" fontSize="44" fontFamily="Georgia, serif" fill="#14213d">
        India
      </text>
      <text x="940" y="302" textAnchor="middle" fontSize="40" fontFamily="Georgia, serif" fill="#14213d">
        Partners
      </text>
    </svg>
  );
}
