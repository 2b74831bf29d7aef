import { Section } from "~/components/marketing/blocks";
import { pageMeta } from "~/lib/seo";
import { useRootData } from "~/lib/use-root-data";

import type { Route } from "./+types/legal";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    path: "/legal",
    title: "Privacy, cookies, terms and accessibility | Electrify",
    description:
      "What Electrify keeps about you and why, the cookies it sets, the terms of using the platform and how accessible it is.",
  });

/**
 * The footer's legal page: privacy and cookies, terms of use and the
 * accessibility statement, written from what the product actually keeps and
 * sets (keep it in step when that changes).
 */
export default function Legal() {
  const { contactEmail } = useRootData();
  const mail = (
    <a className="font-medium text-primary underline underline-offset-4" href={`mailto:${contactEmail}`}>
      {contactEmail}
    </a>
  );
  return (
    <Section id="legal" eyebrow="Legal" title="Privacy, cookies, terms and accessibility" level={1}>
      <div className="grid max-w-3xl gap-10 text-muted-foreground [&_h2]:mb-3 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:text-foreground [&_li]:ml-5 [&_li]:list-disc [&_p]:mb-3">
        <section id="privacy" aria-labelledby="privacy-heading">
          <h2 id="privacy-heading">Privacy</h2>
          <p>
            Electrify is a service for the fleet operators we work with. Accounts are created by our consultants, never
            by sign-up. To give you the service, we keep:
          </p>
          <ul className="mb-3 grid gap-1">
            <li>
              your name, e-mail address, organisation and phone number, and your password in a one-way hashed form;
            </li>
            <li>your company and depots, the depot surveys you submit and their photos;</li>
            <li>the layouts, charging plans and scenarios you make for your depots.</li>
          </ul>
          <p>
            Our consultants read your submissions to review them and to advise you; nobody else does, and we do not sell
            or share your data. We keep it while your account is open. To see, correct or delete what we hold, or to
            close your account, write to {mail}.
          </p>
        </section>
        <section id="cookies" aria-labelledby="cookies-heading">
          <h2 id="cookies-heading">Cookies</h2>
          <p>We set only cookies the site needs to work, and no tracking or advertising cookies:</p>
          <ul className="mb-3 grid gap-1">
            <li>a session cookie that keeps you signed in;</li>
            <li>
              <code>electrify_toast</code>, which carries a confirmation message to the next page and is then cleared;
            </li>
            <li>
              <code>electrify_sidebar</code>, which remembers whether you folded the Electrify sidebar;
            </li>
            <li>
              <code>electrify_investor</code>, set only when you unlock the investor documents with their password.
            </li>
          </ul>
        </section>
        <section id="terms" aria-labelledby="terms-heading">
          <h2 id="terms-heading">Terms of use</h2>
          <p>
            The platform is for the organisations we give accounts to. Keep your password to yourself and upload only
            what you have the right to share. Plans, costs and network-capacity figures are estimates from the
            information you give and from published network data: they support a decision, and a network operator&apos;s
            quote or an engineer&apos;s design confirms it.
          </p>
        </section>
        <section id="accessibility" aria-labelledby="accessibility-heading">
          <h2 id="accessibility-heading">Accessibility</h2>
          <p>
            We build Electrify to be used with a keyboard, a screen reader and at any screen size down to a 320 px
            phone, and check every page automatically for the WCAG 2.1 AA rules a machine can test. The depot designer
            can be used with the keyboard (arrow keys move the chosen component). If something does not work for you,
            tell us at {mail} and we will put it right.
          </p>
        </section>
      </div>
    </Section>
  );
}
