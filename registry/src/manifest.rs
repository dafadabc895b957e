//! `plugin.toml`: what a plugin is, serves, defines, publishes, consumes and asks for.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Manifest {
    pub plugin: PluginInfo,
    #[serde(default)]
    pub services: Vec<Service>,
    #[serde(default)]
    pub permissions: Vec<Permission>,
    #[serde(default)]
    pub routes: Vec<Route>,
    #[serde(default)]
    pub events: Events,
    #[serde(default)]
    pub tables: Tables,
    /// What the plugin may do with the business's user accounts.
    #[serde(default)]
    pub directory: Directory,
    /// Functions other plugins may `call`.
    #[serde(default)]
    pub exports: Vec<String>,
    /// Other plugins' functions this one calls, as `plugin-id/function`.
    #[serde(default)]
    pub calls: Vec<String>,
    /// Content the provider may copy from one business to another (`[[copies]]`), each answered
    /// by the plugin's `copy.export` and `copy.import` functions.
    #[serde(default)]
    pub copies: Vec<Copy>,
    /// JSON Schema of the plugin's per-business settings.
    #[serde(default)]
    pub settings: Option<serde_json::Value>,
    /// JSON Schemas of the resources the plugin serves, by name (for OpenAPI and generic forms).
    #[serde(default)]
    pub schemas: std::collections::BTreeMap<String, serde_json::Value>,
    #[serde(default)]
    pub ui: Option<Ui>,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct PluginInfo {
    pub id: String,
    pub name: String,
    pub version: semver::Version,
    /// The WIT interface version the plugin was built for.
    pub api: String,
    #[serde(default)]
    pub description: String,
    /// Folder of migrations inside the plugin (`sqlite/` and `postgres/` below it).
    #[serde(default = "default_migrations")]
    pub migrations: String,
}

fn default_migrations() -> String {
    "migrations".into()
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Service {
    pub id: String,
    pub name: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Permission {
    pub key: String,
    /// Spanish label for the role editor.
    pub label: String,
}

#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum AuthKind {
    /// A staff session token.
    Token,
    /// No session (public pages).
    None,
    /// Storefront: web-api key plus token.
    Webapi,
    /// The provider's administrators acting in one business, named by the path's `{business}`
    /// parameter: audited, with no permission of the business's.
    Provider,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Route {
    pub method: String,
    /// Path after `/api/`, with `{name}` parameters: `contact/read/{id}`.
    pub path: String,
    /// Permission needed (besides the service); none = any user with the service.
    #[serde(default)]
    pub permission: Option<String>,
    /// Service the route belongs to; defaults to the plugin's first service.
    #[serde(default)]
    pub service: Option<String>,
    #[serde(default = "default_auth")]
    pub auth: AuthKind,
    /// Name of the request body schema in `schemas`.
    #[serde(default)]
    pub request: Option<String>,
    /// Name of the response data schema in `schemas`.
    #[serde(default)]
    pub response: Option<String>,
    #[serde(default)]
    pub summary: String,
    /// The call only reads: it runs in a read-only transaction (on SQLite without taking the
    /// business's write lock, so reads run side by side) and any write is refused.
    #[serde(default)]
    pub read_only: bool,
    /// The call takes one file as `multipart/form-data` (part `file`, plus text fields): the host
    /// stores it in the business's document manager before the call (within
    /// `storage.max_upload_bytes` and the quota) and gives the plugin a JSON body of the text
    /// fields with `file: {file_id, name, size, content_type}`. A call that fails removes it.
    #[serde(default)]
    pub upload: bool,
    /// A public route (`auth = "none"`) reached through a public link (interface 0.1.7,
    /// `links`): the name of the path parameter, query parameter or top-level body field that
    /// carries the link's reference. The host runs the call in the business that issued the
    /// link, without a user, and refuses an unknown, revoked or expired reference.
    #[serde(default)]
    pub link: Option<String>,
}

fn default_auth() -> AuthKind {
    AuthKind::Token
}

#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Events {
    #[serde(default)]
    pub publishes: Vec<String>,
    #[serde(default)]
    pub subscribes: Vec<String>,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Tables {
    /// Other plugins' tables this plugin wants to read (granted by the provider at install).
    #[serde(default)]
    pub read: Vec<String>,
}

/// `[[copies]]`: one kind of content the provider may copy between businesses (a model school's
/// product categories or question bank into a new one). The host calls the plugin's
/// `copy.export` in the source business and `copy.import` in the target (docs/plugins.md).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Copy {
    /// Lower-case letters and digits; unique among the installed plugins.
    pub kind: String,
    /// What is copied, for the provider's screen.
    pub label: String,
    /// The service both businesses must have (one of the plugin's); the first when omitted.
    #[serde(default)]
    pub service: Option<String>,
}

/// `[directory]`: reading the business's staff needs nothing; `manage = true` lets the plugin
/// create and change user accounts (interface 0.1.6) on behalf of callers allowed to.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Directory {
    #[serde(default)]
    pub manage: bool,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Ui {
    /// Federation remote name.
    pub remote: String,
    #[serde(default)]
    pub exposes: Vec<String>,
    #[serde(default)]
    pub menu: Vec<MenuEntry>,
    #[serde(default)]
    pub routes: Vec<String>,
    /// Screens shown without a session, outside the signed-in layout (a public signing page),
    /// `{param}` style; each also one of `routes`. Their calls are the plugin's `auth = "none"`
    /// routes.
    #[serde(default)]
    pub public_routes: Vec<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct MenuEntry {
    /// i18n key in the plugin's namespace.
    pub label: String,
    pub path: String,
    #[serde(default)]
    pub permission: Option<String>,
    /// Service the entry needs (one of the plugin's); none = any of them. A plugin with several
    /// services shows each screen only to callers who have its service.
    #[serde(default)]
    pub service: Option<String>,
    #[serde(default)]
    pub icon: Option<String>,
    /// A count shown beside the entry (unread messages), read by the shell.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub badge: Option<MenuBadge>,
}

/// `[ui.menu.badge]`: the shell calls `call` (one of the plugin's GET routes without path
/// parameters) and shows the number at `field` (a dotted path into the answer's `data`) beside
/// the entry when it is above zero. It reads it again on navigation, when the realtime stream
/// (re)opens and on each of the plugin's realtime pushes whose topic is in `refresh`.
#[derive(Debug, Clone, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct MenuBadge {
    pub call: String,
    pub field: String,
    #[serde(default)]
    pub refresh: Vec<String>,
}

#[derive(Debug, thiserror::Error, PartialEq)]
pub enum ManifestError {
    #[error("plugin.toml is not valid: {0}")]
    Parse(String),
    #[error("plugin id `{0}` must be lower-case letters, digits and `_`, starting with a letter")]
    BadId(String),
    #[error("the plugin declares no service")]
    NoService,
    #[error("route `{0}`: {1}")]
    BadRoute(String, String),
    #[error("[ui] menu entry `{0}`: {1}")]
    BadMenu(String, String),
    #[error("[[copies]] `{0}`: {1}")]
    BadCopy(String, String),
    #[error("[tables] read: `{0}`: {1}")]
    BadReadTable(String, String),
    #[error("the plugin is built for interface {found}; this host supports {supported}")]
    UnsupportedApi { found: String, supported: String },
}

impl Manifest {
    /// Parse and check everything, the interface version included (what a host accepts).
    pub fn parse(text: &str) -> Result<Manifest, ManifestError> {
        let manifest = Manifest::parse_shape(text)?;
        manifest.check_api()?;
        Ok(manifest)
    }

    /// Parse and check everything but the interface version: a package may target an interface
    /// newer (or older) than the tools packing it support; hosts decide at install.
    pub fn parse_shape(text: &str) -> Result<Manifest, ManifestError> {
        let manifest: Manifest = toml::from_str(text).map_err(|e| ManifestError::Parse(e.to_string()))?;
        manifest.validate_shape()?;
        Ok(manifest)
    }

    pub fn check_api(&self) -> Result<(), ManifestError> {
        if !crate::SUPPORTED_API_VERSIONS.contains(&self.plugin.api.as_str()) {
            return Err(ManifestError::UnsupportedApi {
                found: self.plugin.api.clone(),
                supported: crate::SUPPORTED_API_VERSIONS.join(", "),
            });
        }
        Ok(())
    }

    pub fn validate(&self) -> Result<(), ManifestError> {
        self.validate_shape()?;
        self.check_api()
    }

    fn validate_shape(&self) -> Result<(), ManifestError> {
        let id = &self.plugin.id;
        let id_ok = id.chars().next().is_some_and(|c| c.is_ascii_lowercase())
            && id.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
            && id.len() <= 40;
        if !id_ok {
            return Err(ManifestError::BadId(id.clone()));
        }
        if self.services.is_empty() {
            return Err(ManifestError::NoService);
        }
        for route in &self.routes {
            let bad = |why: &str| ManifestError::BadRoute(format!("{} {}", route.method, route.path), why.into());
            if !matches!(route.method.as_str(), "GET" | "POST") {
                return Err(bad("method must be GET or POST"));
            }
            if route.path.starts_with('/') || route.path.is_empty() || route.path.contains("//") {
                return Err(bad("path must be relative to /api/, without empty segments"));
            }
            if let Some(service) = &route.service {
                if !self.services.iter().any(|s| &s.id == service) {
                    return Err(bad("service not declared by the plugin"));
                }
            }
            // An upload stores a file in a business's document manager: a signed-in write.
            if route.upload && (route.method != "POST" || route.read_only || route.auth != AuthKind::Token) {
                return Err(bad("an upload route must be a POST with a session, not read-only"));
            }
            // A storefront route runs in the business of the web-api key the site sends, with no
            // user: nothing to check a permission against.
            if route.auth == AuthKind::Webapi && route.permission.is_some() {
                return Err(bad("a webapi route runs without a user: no permission"));
            }
            if route.auth == AuthKind::Provider {
                if !route.path.split('/').any(|segment| segment == "{business}") {
                    return Err(bad("a provider route names its business in the path: {business}"));
                }
                if route.permission.is_some() || route.upload || route.link.is_some() {
                    return Err(bad("a provider route takes no permission, upload or link"));
                }
            }
            if let Some(link) = &route.link {
                if route.auth != AuthKind::None {
                    return Err(bad("a link route is public: auth = \"none\""));
                }
                if route.permission.is_some() || route.upload {
                    return Err(bad("a link route runs without a user: no permission, no upload"));
                }
                if link.is_empty() || !link.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
                    return Err(bad("link names the parameter or field that carries the reference"));
                }
            }
        }
        for (i, copy) in self.copies.iter().enumerate() {
            let bad = |why: &str| ManifestError::BadCopy(copy.kind.clone(), why.into());
            if copy.kind.is_empty() || copy.kind.len() > 40 || !copy.kind.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit()) {
                return Err(bad("kind must be lower-case letters and digits"));
            }
            if self.copies[..i].iter().any(|c| c.kind == copy.kind) {
                return Err(bad("kind declared twice"));
            }
            if copy.label.trim().is_empty() {
                return Err(bad("label is required"));
            }
            if let Some(service) = &copy.service {
                if !self.services.iter().any(|s| &s.id == service) {
                    return Err(bad("service not declared by the plugin"));
                }
            }
        }
        if let Some(ui) = &self.ui {
            if let Some(path) = ui.public_routes.iter().find(|p| !ui.routes.contains(p)) {
                return Err(ManifestError::BadMenu(path.clone(), "a public route must also be one of the ui routes".into()));
            }
        }
        for entry in self.ui.iter().flat_map(|ui| &ui.menu) {
            if let Some(service) = &entry.service {
                if !self.services.iter().any(|s| &s.id == service) {
                    return Err(ManifestError::BadMenu(entry.path.clone(), "service not declared by the plugin".into()));
                }
            }
            if let Some(badge) = &entry.badge {
                let bad = |why: &str| ManifestError::BadMenu(entry.path.clone(), format!("badge: {why}"));
                if !self.routes.iter().any(|r| r.method == "GET" && r.path == badge.call && !r.path.contains('{')) {
                    return Err(bad("call must be one of the plugin's GET routes without path parameters"));
                }
                let segment_ok = |s: &str| !s.is_empty() && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
                if !badge.field.split('.').all(segment_ok) {
                    return Err(bad("field is a dotted path of names into the answer's data"));
                }
                if let Some(topic) = badge.refresh.iter().find(|t| !(1..=40).contains(&t.len()) || !t.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')) {
                    return Err(bad(&format!("refresh topic `{topic}` is 1 to 40 letters, digits, - or _")));
                }
            }
        }
        for table in &self.tables.read {
            let bad = |why: &str| ManifestError::BadReadTable(table.clone(), why.into());
            let (owner, name) = table.split_once('_').unwrap_or((table, ""));
            if owner.is_empty() || name.is_empty() || !table.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_') {
                return Err(bad("another plugin's table is named `<plugin id>_<name>` in lower case"));
            }
            if table.starts_with(&self.table_prefix()) {
                return Err(bad("the plugin's own tables need no grant"));
            }
        }
        Ok(())
    }

    /// The prefix every table of the plugin carries: `<id>_`.
    pub fn table_prefix(&self) -> String {
        format!("{}_", self.plugin.id)
    }

    /// The service a copy needs in both businesses.
    pub fn copy_service<'a>(&'a self, copy: &'a Copy) -> &'a str {
        copy.service.as_deref().unwrap_or(&self.services[0].id)
    }

    pub fn route_service<'a>(&'a self, route: &'a Route) -> &'a str {
        route.service.as_deref().unwrap_or(&self.services[0].id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MINIMAL: &str = r#"
[plugin]
id = "demo"
name = "Demo"
version = "0.1.0"
api = "0.1.0"

[[services]]
id = "demo"
name = "Demo"

[[routes]]
method = "GET"
path = "demo/read/{id}"
permission = "demo.read"
"#;

    #[test]
    fn parses_and_checks() {
        let m = Manifest::parse(MINIMAL).unwrap();
        assert_eq!(m.routes[0].auth, AuthKind::Token);
        assert_eq!(m.route_service(&m.routes[0]), "demo");
        let unsupported = MINIMAL.replace("api = \"0.1.0\"", "api = \"0.9.0\"");
        assert!(matches!(Manifest::parse(&unsupported), Err(ManifestError::UnsupportedApi { .. })));
        let unknown = format!("{MINIMAL}\nsurprise = 1\n");
        assert!(matches!(Manifest::parse(&unknown), Err(ManifestError::Parse(_))));
        let bad_id = MINIMAL.replace("id = \"demo\"\nname = \"Demo\"\nversion", "id = \"Demo-1\"\nname = \"Demo\"\nversion");
        assert!(matches!(Manifest::parse(&bad_id), Err(ManifestError::BadId(_))));
    }

    #[test]
    fn a_link_route_is_public_and_names_its_reference() {
        let with = |route: &str| Manifest::parse(&format!("{MINIMAL}\n[[routes]]\nmethod = \"GET\"\npath = \"demo/public\"\n{route}\n"));
        assert_eq!(with("auth = \"none\"\nlink = \"reference\"").unwrap().routes[1].link.as_deref(), Some("reference"));
        assert!(matches!(with("link = \"reference\""), Err(ManifestError::BadRoute(..))));
        assert!(matches!(with("auth = \"none\"\nlink = \"a b\""), Err(ManifestError::BadRoute(..))));
        assert!(matches!(with("auth = \"none\"\nlink = \"reference\"\npermission = \"demo\""), Err(ManifestError::BadRoute(..))));
        assert!(with("auth = \"none\"").unwrap().routes[1].link.is_none());
        assert!(with("auth = \"webapi\"").unwrap().routes[1].auth == AuthKind::Webapi);
        assert!(with("auth = \"webapi\"\npermission = \"x\"").is_err());
    }

    #[test]
    fn an_upload_route_is_a_signed_in_post() {
        let with = |route: &str| Manifest::parse(&format!("{MINIMAL}\n[[routes]]\n{route}\nupload = true\n"));
        assert!(with("method = \"POST\"\npath = \"demo/upload\"").unwrap().routes[1].upload);
        assert!(matches!(with("method = \"GET\"\npath = \"demo/upload\""), Err(ManifestError::BadRoute(..))));
        assert!(matches!(with("method = \"POST\"\npath = \"demo/upload\"\nread_only = true"), Err(ManifestError::BadRoute(..))));
        assert!(matches!(with("method = \"POST\"\npath = \"demo/upload\"\nauth = \"none\""), Err(ManifestError::BadRoute(..))));
    }

    #[test]
    fn a_menu_badge_reads_one_of_the_plugins_get_routes() {
        let with = |call: &str, field: &str, refresh: &str| {
            Manifest::parse(&format!(
                "{MINIMAL}\n[[routes]]\nmethod = \"GET\"\npath = \"demo/count\"\n\n\
                 [ui]\nremote = \"demo\"\n\n[[ui.menu]]\nlabel = \"demo:menu\"\npath = \"/demo\"\n\
                 badge = {{ call = \"{call}\", field = \"{field}\", refresh = [{refresh}] }}\n"
            ))
        };
        let badge = with("demo/count", "unread.total", "\"message\"").unwrap().ui.unwrap().menu[0].badge.clone().unwrap();
        assert_eq!((badge.call.as_str(), badge.field.as_str(), badge.refresh), ("demo/count", "unread.total", vec!["message".to_string()]));
        assert!(matches!(with("demo/other", "total", ""), Err(ManifestError::BadMenu(..))));
        assert!(matches!(with("demo/read/{id}", "total", ""), Err(ManifestError::BadMenu(..))));
        assert!(matches!(with("demo/count", "a..b", ""), Err(ManifestError::BadMenu(..))));
        assert!(matches!(with("demo/count", "total", "\"a.b\""), Err(ManifestError::BadMenu(..))));
    }

    #[test]
    fn a_menu_entry_names_one_of_the_plugins_services() {
        let with = |service: &str| {
            Manifest::parse(&format!("{MINIMAL}\n[ui]\nremote = \"demo\"\n\n[[ui.menu]]\nlabel = \"demo:menu\"\npath = \"/demo\"\nservice = \"{service}\"\n"))
        };
        assert_eq!(with("demo").unwrap().ui.unwrap().menu[0].service.as_deref(), Some("demo"));
        assert!(matches!(with("other"), Err(ManifestError::BadMenu(..))));
    }

    #[test]
    fn a_provider_route_names_its_business_and_nothing_else() {
        let with = |path: &str, extra: &str| {
            Manifest::parse(&format!("{MINIMAL}\n[[routes]]\nmethod = \"GET\"\npath = \"{path}\"\nauth = \"provider\"\n{extra}\n"))
        };
        assert_eq!(with("demo/report/{business}/{id}", "").unwrap().routes[1].auth, AuthKind::Provider);
        assert!(matches!(with("demo/report/{id}", ""), Err(ManifestError::BadRoute(..))));
        assert!(matches!(with("demo/report/{business}", "permission = \"demo\""), Err(ManifestError::BadRoute(..))));
        assert!(matches!(with("demo/report/{business}", "link = \"reference\""), Err(ManifestError::BadRoute(..))));
    }

    #[test]
    fn a_copy_has_a_kind_a_label_and_one_of_the_plugins_services() {
        let with = |entries: &str| Manifest::parse(&format!("{MINIMAL}\n{entries}"));
        let one = |kind: &str, label: &str, service: &str| format!("[[copies]]\nkind = \"{kind}\"\nlabel = \"{label}\"\n{service}\n");
        let manifest = with(&one("blocktest", "Bloques", "")).unwrap();
        assert_eq!(manifest.copies[0].kind, "blocktest");
        assert_eq!(manifest.copy_service(&manifest.copies[0]), "demo");
        assert!(with(&one("blocktest", "Bloques", "service = \"demo\"")).is_ok());
        for bad in [
            one("Block", "Bloques", ""),
            one("block_test", "Bloques", ""),
            one("", "Bloques", ""),
            one("blocktest", " ", ""),
            one("blocktest", "Bloques", "service = \"other\""),
            format!("{}{}", one("blocktest", "A", ""), one("blocktest", "B", "")),
        ] {
            assert!(matches!(with(&bad), Err(ManifestError::BadCopy(..))), "{bad}");
        }
    }

    #[test]
    fn tables_to_read_are_other_plugins_tables() {
        let with = |tables: &str| Manifest::parse(&format!("{MINIMAL}\n[tables]\nread = [{tables}]\n"));
        assert_eq!(with("\"contacts_contact\"").unwrap().tables.read, ["contacts_contact"]);
        for bad in ["\"demo_item\"", "\"contacts\"", "\"_contact\"", "\"Contacts_Contact\"", "\"contacts_contact; --\""] {
            assert!(matches!(with(bad), Err(ManifestError::BadReadTable(..))), "{bad}");
        }
    }
}
