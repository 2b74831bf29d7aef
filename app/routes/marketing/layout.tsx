import { Outlet, useLocation } from "react-router";

import { PublicShell } from "~/components/public-shell";

export default function MarketingLayout() {
  const { pathname } = useLocation();
  return (
    <PublicShell showMenu fixedHeader={pathname === "/"}>
      <Outlet />
    </PublicShell>
  );
}
