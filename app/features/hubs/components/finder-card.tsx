import { Form, useNavigation } from "react-router";

import { FormError } from "~/components/text-area-field";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";

import { VisitFields, type VisitValues } from "./visit-fields";

/**
 * The hub finder: the haulier's visit pattern, and each open hub answers from the engine's plan of its week (the same
 * check a request gets). A search is a link: the pattern is in the address.
 */
export function FinderCard({
  vehicleTypes,
  values,
  errors,
}: {
  vehicleTypes: { key: string; label: string }[];
  values: VisitValues;
  errors: Record<string, string | undefined>;
}) {
  const navigation = useNavigation();
  const searching = navigation.state !== "idle" && navigation.location?.search.includes("find=");
  return (
    <Card>
      <CardHeader>
        <CardTitle>Find a hub with room</CardTitle>
        <CardDescription>
          When your vehicles would stop and what they need: each hub plans its week with its contracts and yours.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="get" className="grid gap-4" aria-label="Find a hub with room">
          <input type="hidden" name="find" value="1" />
          <FormError>{errors.form}</FormError>
          <VisitFields vehicleTypes={vehicleTypes} errors={errors} values={values} />
          <Button type="submit" disabled={searching} className="sm:w-fit">
            {searching ? "Planning each hub's week…" : "Find hubs with room"}
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}
