/** The product mark and name. */
export function Logo() {
  return (
    <span className="logo">
      <img src="/logo.png" alt="" width="32" height="32" />
      <span className="logo-name">Earnest</span>
    </span>
  );
}
