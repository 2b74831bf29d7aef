import type { ReactNode } from "react";
import { Link } from "react-router";

import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";

/** The card of the sign-in pages: title, subtitle, the form, and a way back. */
export function AuthCard({
  title,
  description,
  back,
  children,
}: {
  title: string;
  description: string;
  back: { to: string; label: string };
  children: ReactNode;
}) {
  return (
    <Card className="w-full max-w-[400px] rounded-[12px]">
      <CardHeader>
        <h1 className="text-2xl font-semibold leading-tight">{title}</h1>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {children}
        <Link to={back.to} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
          {back.label}
        </Link>
      </CardContent>
    </Card>
  );
}
