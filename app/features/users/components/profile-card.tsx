import { Form, Link } from "react-router";

import { TextField } from "~/components/text-field";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";

/** What each card of My Account gets: its form's errors and whether that form is being sent. */
export type CardState = { errors: Record<string, string>; busy: boolean };

export type Profile = { name: string | null; organization: string | null; phone: string | null };

function Value({ label, value }: { label: string; value: string | null }) {
  return (
    <div>
      <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
      <dd className="mt-1">{value || "Not provided"}</dd>
    </div>
  );
}

/** The profile, shown, or as a form when editing (or when a save was refused). */
export function ProfileCard({
  email,
  profile,
  editing,
  errors,
  busy,
}: CardState & { email: string; profile: Profile; editing: boolean }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Profile</CardTitle>
        <CardDescription>How you appear to our team and in the app.</CardDescription>
      </CardHeader>
      <CardContent>
        {editing ? (
          <Form method="post" className="grid gap-4">
            <input type="hidden" name="intent" value="profile" />
            <div className="grid gap-2">
              <Label htmlFor="account-email">Email</Label>
              <Input id="account-email" value={email} readOnly disabled />
            </div>
            <TextField
              name="name"
              label="Name"
              defaultValue={profile.name ?? ""}
              error={errors.name}
              autoComplete="name"
            />
            <TextField
              name="organization"
              label="Organization"
              defaultValue={profile.organization ?? ""}
              error={errors.organization}
              autoComplete="organization"
            />
            <TextField
              name="phone"
              label="Phone"
              type="tel"
              defaultValue={profile.phone ?? ""}
              error={errors.phone}
              autoComplete="tel"
            />
            {errors.form ? (
              <p role="alert" className="text-sm text-destructive">
                {errors.form}
              </p>
            ) : null}
            <div className="flex gap-3">
              <Button type="submit" disabled={busy}>
                {busy ? "Saving..." : "Save Changes"}
              </Button>
              <Button asChild variant="outline">
                <Link to="/account" replace>
                  Cancel
                </Link>
              </Button>
            </div>
          </Form>
        ) : (
          <div className="grid gap-5">
            <dl className="grid gap-5 sm:grid-cols-2">
              <Value label="Email" value={email} />
              <Value label="Name" value={profile.name} />
              <Value label="Organization" value={profile.organization} />
              <Value label="Phone" value={profile.phone} />
            </dl>
            <div>
              <Button asChild>
                <Link to="/account?edit=profile" replace>
                  Edit Profile
                </Link>
              </Button>
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
