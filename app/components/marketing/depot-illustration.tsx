/** A depot at dusk: a lorry and a van on chargers, fed from a substation. Decorative. */
export function DepotIllustration() {
  return (
    <svg viewBox="0 0 560 380" className="h-auto w-full" role="presentation" aria-hidden="true">
      <rect width="560" height="380" rx="24" fill="#ecfdf5" />
      <path d="M0 300h560v56a24 24 0 0 1-24 24H24A24 24 0 0 1 0 356z" fill="#cbd5e1" />
      <path d="M40 300h480" stroke="#94a3b8" strokeWidth="2" strokeDasharray="14 10" />
      {/* warehouse */}
      <path d="M300 120l110-50 110 50v180H300z" fill="#f8fafc" stroke="#334155" strokeWidth="3" />
      <rect x="330" y="200" width="70" height="100" fill="#e2e8f0" stroke="#334155" strokeWidth="3" />
      <rect x="420" y="200" width="70" height="100" fill="#e2e8f0" stroke="#334155" strokeWidth="3" />
      <path d="M330 225h70M330 250h70M330 275h70M420 225h70M420 250h70M420 275h70" stroke="#94a3b8" strokeWidth="2" />
      <rect x="340" y="140" width="140" height="28" rx="6" fill="#166534" />
      <text
        x="410"
        y="159"
        textAnchor="middle"
        fontFamily="system-ui, sans-serif"
        fontSize="14"
        fontWeight="700"
        fill="#fff"
      >
        DEPOT
      </text>
      {/* substation and cable */}
      <rect x="36" y="210" width="64" height="90" rx="6" fill="#334155" />
      <path d="M58 232l-8 18h12l-6 18 16-24H60l6-12z" fill="#facc15" />
      <path d="M100 286c40 0 40 6 74 6s40-6 70-6" fill="none" stroke="#166534" strokeWidth="5" strokeLinecap="round" />
      {/* chargers */}
      <rect x="168" y="236" width="22" height="56" rx="5" fill="#166534" />
      <rect x="172" y="244" width="14" height="10" rx="2" fill="#bbf7d0" />
      <rect x="244" y="236" width="22" height="56" rx="5" fill="#166534" />
      <rect x="248" y="244" width="14" height="10" rx="2" fill="#bbf7d0" />
      {/* lorry */}
      <rect x="110" y="150" width="120" height="70" rx="8" fill="#ffffff" stroke="#334155" strokeWidth="3" />
      <path d="M230 170h30l22 26v24h-52z" fill="#15803d" stroke="#334155" strokeWidth="3" />
      <rect x="238" y="176" width="22" height="16" rx="3" fill="#dcfce7" />
      <circle cx="140" cy="224" r="13" fill="#1e293b" />
      <circle cx="262" cy="224" r="13" fill="#1e293b" />
      <path d="M190 240c10-10 20-12 32-16" fill="none" stroke="#0f172a" strokeWidth="3" strokeLinecap="round" />
      <path d="M150 176l-10 20h14l-8 18 20-26h-14l8-12z" fill="#16a34a" />
      {/* battery gauge */}
      <rect x="120" y="100" width="110" height="34" rx="8" fill="#ffffff" stroke="#166534" strokeWidth="3" />
      <rect x="127" y="107" width="76" height="20" rx="4" fill="#22c55e" />
      <rect x="230" y="110" width="6" height="14" rx="2" fill="#166534" />
      <text
        x="175"
        y="93"
        textAnchor="middle"
        fontFamily="system-ui, sans-serif"
        fontSize="14"
        fontWeight="600"
        fill="#14532d"
      >
        80% by 05:30
      </text>
      {/* sun / moon schedule */}
      <circle cx="470" cy="52" r="18" fill="#facc15" opacity="0.85" />
    </svg>
  );
}
