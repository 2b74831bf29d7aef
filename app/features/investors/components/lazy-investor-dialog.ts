import { lazy } from "react";

/** The About Us page stays light: the investor room's dialog loads when a visitor opens it. */
export const InvestorDialog = lazy(() =>
  import("./investor-dialog").then((module) => ({ default: module.InvestorDialog })),
);
