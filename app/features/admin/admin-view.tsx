import { Form, useNavigate, useNavigation } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs.tsx";
import {
  adminCopy,
  postsAdminCopy,
  robotsAdminCopy,
  waitlistAdminCopy,
} from "../../content/admin.ts";
import { PostsPanel } from "../posts/admin-panel.tsx";
import type { AdminPost } from "../posts/queries.server.ts";
import { RobotsPanel } from "../robots/admin-panel.tsx";
import type { Robot } from "../robots/queries.server.ts";
import { WaitlistPanel } from "../waitlist/admin-panel.tsx";
import type { WaitlistEntry } from "../waitlist/queries.server.ts";
import { adminIntents } from "./intents.ts";
import {
  type AdminTab,
  adminTabHref,
  adminTabLabels,
  adminTabOf,
  adminTabs,
  parseAdminTab,
} from "./tabs.ts";

export type AdminPanelData =
  | { tab: "lista"; entries: WaitlistEntry[] }
  | { tab: "robos"; robots: Robot[] }
  | { tab: "blog"; posts: AdminPost[] };

const loadingText: Record<AdminTab, string> = {
  lista: waitlistAdminCopy.loading,
  robos: robotsAdminCopy.loading,
  blog: postsAdminCopy.loading,
};

function Panel({ panel }: { panel: AdminPanelData }) {
  switch (panel.tab) {
    case "robos":
      return <RobotsPanel robots={panel.robots} />;
    case "blog":
      return <PostsPanel posts={panel.posts} />;
    default:
      return <WaitlistPanel entries={panel.entries} />;
  }
}

/** The signed-in view: heading, "Sair" and the three tabs, the tab kept in the URL. */
export function AdminView({ email, panel }: { email: string; panel: AdminPanelData }) {
  const navigation = useNavigation();
  const navigate = useNavigate();
  // While another tab's data loads on the client, that tab is shown with its loading text.
  const pendingTab =
    navigation.state === "loading" && !navigation.formMethod
      ? adminTabOf(navigation.location)
      : null;
  const selected = pendingTab ?? panel.tab;
  const signingOut = navigation.formData?.get("intent") === adminIntents.logout;

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">{adminCopy.heading}</h1>
          <p className="mt-1 text-sm text-muted-foreground">{email}</p>
        </div>
        <Form method="post" action="/admin">
          <input type="hidden" name="intent" value={adminIntents.logout} />
          <Button type="submit" variant="outline" disabled={signingOut}>
            {adminCopy.signOut}
          </Button>
        </Form>
      </div>
      <Tabs
        className="mt-8"
        value={selected}
        activationMode="manual"
        onValueChange={(value) =>
          navigate(adminTabHref(parseAdminTab(value)), { preventScrollReset: true })
        }
      >
        <TabsList aria-label={adminCopy.tabsLabel}>
          {adminTabs.map((tab) => (
            <TabsTrigger key={tab} value={tab}>
              {adminTabLabels[tab]}
            </TabsTrigger>
          ))}
        </TabsList>
        {adminTabs.map((tab) => (
          <TabsContent key={tab} value={tab}>
            {tab !== selected ? null : tab === panel.tab ? (
              <Panel panel={panel} />
            ) : (
              <p role="status" className="text-muted-foreground">
                {loadingText[tab]}
              </p>
            )}
          </TabsContent>
        ))}
      </Tabs>
    </>
  );
}
