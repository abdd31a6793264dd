/** Tessera's mark: four tiles. Decorative: the name beside it says what it is. */
export function BrandMark({ size = 28 }: { readonly size?: number }) {
  return (
    <svg class="brand-mark" viewBox="0 0 32 32" width={size} height={size} aria-hidden="true" focusable="false">
      <rect x="2" y="2" width="13" height="13" rx="3" fill="var(--accent)" />
      <rect x="17" y="2" width="13" height="13" rx="3" fill="var(--accent)" opacity="0.55" />
      <rect x="2" y="17" width="13" height="13" rx="3" fill="var(--accent)" opacity="0.55" />
      <rect x="17" y="17" width="13" height="13" rx="3" fill="var(--accent)" opacity="0.3" />
    </svg>
  );
}
