import { Outlet } from "react-router";

import { PublicShell } from "~/components/public-shell";

export default function AuthLayout() {
  return (
    <PublicShell showMenu={false} mainClassName="flex items-center justify-center bg-muted/40 px-4 py-10">
      <Outlet />
    </PublicShell>
  );
}
