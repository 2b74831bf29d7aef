import { Outlet, useLocation } from "react-router";
import { PublicFooter } from "~/components/footers";
import { PublicHeader } from "~/components/public-header";

export default function MarketingLayout() {
  const { pathname } = useLocation();
  return (
    <div className="flex min-h-screen flex-col">
      <PublicHeader showMenu fixed={pathname === "/"} />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <PublicFooter />
    </div>
  );
}
