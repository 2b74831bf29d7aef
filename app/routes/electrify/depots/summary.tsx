import { Link } from "react-router";

import { Button } from "~/components/ui/button";
import { DesignSummary } from "~/features/designer";

import { useWorkspace } from "./workspace";

export default function DepotSummaryTab() {
  const { depot, designer } = useWorkspace();
  return (
    <>
      <DesignSummary depot={depot} designer={designer} />
      <Button asChild variant="outline" className="mt-6">
        <Link to={`/electrify/depots/${depot.id}/layout`} preventScrollReset>
          Return to Designer
        </Link>
      </Button>
    </>
  );
}
