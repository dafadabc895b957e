//! The host's permission tree, as the role editor shows it. Plugins add their own branches from
//! their manifests; a permission is a dotted key, and holding a parent does not imply its children.

use serde::Serialize;
use serde_json::{json, Value};
use volante_registry::manifest::Manifest;

#[derive(Debug, Serialize)]
pub struct PermissionNode {
    pub key: &'static str,
    pub label: &'static str,
    pub children: &'static [PermissionNode],
}

const fn leaf(key: &'static str, label: &'static str) -> PermissionNode {
    PermissionNode { key, label, children: &[] }
}

pub static TREE: &[PermissionNode] = &[
    PermissionNode {
        key: "dashboard",
        label: "Escritorio",
        children: &[leaf("dashboard.meeting_room", "Sala de reuniones")],
    },
    PermissionNode {
        key: "business",
        label: "Empresa",
        children: &[leaf("business.general", "Datos generales"), leaf("business.branches", "Sucursales")],
    },
    PermissionNode {
        key: "employee",
        label: "Empleados",
        children: &[
            leaf("employee.devices", "Dispositivos y sesiones"),
            leaf("employee.permissions", "Permisos"),
            leaf("employee.clock", "Control horario"),
        ],
    },
    PermissionNode {
        key: "contact",
        label: "Contactos",
        children: &[
            leaf("contact.client", "Clientes"),
            leaf("contact.provider", "Proveedores"),
            leaf("contact.all_branches", "Ver clientes de todas las sucursales"),
        ],
    },
    leaf("product", "Productos"),
    PermissionNode {
        key: "billing",
        label: "Series de facturación",
        children: &[leaf("billing.deleted_payments", "Pagos eliminados")],
    },
    PermissionNode {
        key: "invoicing",
        label: "Facturación",
        children: &[leaf("invoicing.detailed_summary", "Resumen detallado")],
    },
    PermissionNode {
        key: "formative",
        label: "Formación",
        children: &[
            leaf("formative.own_syllabi", "Temarios propios"),
            leaf("formative.virtual_classroom", "Aula virtual"),
            PermissionNode {
                key: "formative.content",
                label: "Contenidos",
                children: &[leaf("formative.content.assign", "Asignar contenidos")],
            },
            leaf("formative.dgt_statistics", "Estadísticas DGT"),
        ],
    },
    leaf("filesystem", "Gestor documental"),
];

/// Every key of the host tree, depth first.
pub fn all_keys() -> Vec<&'static str> {
    fn walk(nodes: &'static [PermissionNode], out: &mut Vec<&'static str>) {
        for node in nodes {
            out.push(node.key);
            walk(node.children, out);
        }
    }
    let mut out = Vec::new();
    walk(TREE, &mut out);
    out
}

pub fn is_known(key: &str) -> bool {
    all_keys().contains(&key)
}

/// The permissions installed plugins declare that the host tree does not have, by plugin.
fn plugin_branches<'a>(manifests: &[&'a Manifest]) -> Vec<(&'a Manifest, Vec<&'a volante_registry::manifest::Permission>)> {
    manifests
        .iter()
        .map(|m| (*m, m.permissions.iter().filter(|p| !is_known(&p.key)).collect::<Vec<_>>()))
        .filter(|(_, own)| !own.is_empty())
        .collect()
}

/// The tree the role editor shows: the host's, then one branch per installed plugin with
/// permissions of its own, labelled with the plugin's name. A plugin branch is a heading
/// (`"group": true`): its key (the plugin id) is not a permission; its children are. A plugin
/// named like a branch of the host's tree (the employees plugin, "Empleados") puts its
/// permissions under that branch instead of a second heading of the same name.
pub fn tree(manifests: &[&Manifest]) -> Value {
    let mut nodes: Vec<Value> = TREE.iter().map(|node| json!(node)).collect();
    for (manifest, own) in plugin_branches(manifests) {
        let children: Vec<Value> = own.iter().map(|p| json!({ "key": p.key, "label": p.label, "children": [] })).collect();
        let same_name = nodes.iter_mut().find(|n| n["label"].as_str().is_some_and(|l| l.eq_ignore_ascii_case(manifest.plugin.name.trim())));
        match same_name.and_then(|n| n["children"].as_array_mut()) {
            Some(existing) => existing.extend(children),
            None => nodes.push(json!({ "key": manifest.plugin.id, "label": manifest.plugin.name, "group": true, "children": children })),
        }
    }
    Value::Array(nodes)
}

/// Every key a role or user may hold: the host's, then the installed plugins' own.
pub fn all_keys_with(manifests: &[&Manifest]) -> Vec<String> {
    let mut keys: Vec<String> = all_keys().into_iter().map(str::to_string).collect();
    for (_, own) in plugin_branches(manifests) {
        keys.extend(own.iter().map(|p| p.key.clone()));
    }
    keys
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_plugin_named_like_a_host_branch_joins_it() {
        let manifest = |id: &str, name: &str, key: &str| {
            volante_registry::manifest::Manifest::parse_shape(&format!(
                "[plugin]\nid = \"{id}\"\nname = \"{name}\"\nversion = \"0.1.0\"\napi = \"0.1.6\"\n\n[[services]]\nid = \"{id}\"\nname = \"{name}\"\n\n[[permissions]]\nkey = \"{key}\"\nlabel = \"L\"\n"
            ))
            .unwrap()
        };
        let employees = manifest("employees", "Empleados", "employees.all_branches");
        let dgt = manifest("dgt", "DGT", "dgt");
        let tree = super::tree(&[&employees, &dgt]);
        let labels: Vec<&str> = tree.as_array().unwrap().iter().map(|n| n["label"].as_str().unwrap()).collect();
        assert_eq!(labels.iter().filter(|l| **l == "Empleados").count(), 1, "{labels:?}");
        let employee = tree.as_array().unwrap().iter().find(|n| n["key"] == "employee").unwrap();
        assert!(employee["children"].as_array().unwrap().iter().any(|c| c["key"] == "employees.all_branches"));
        let last = tree.as_array().unwrap().last().unwrap();
        assert_eq!((last["key"].as_str(), last["group"].as_bool()), (Some("dgt"), Some(true)));
    }

    #[test]
    fn keys_are_unique_and_children_extend_their_parent() {
        let keys = super::all_keys();
        let mut sorted = keys.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), keys.len());
        fn check(nodes: &'static [super::PermissionNode]) {
            for node in nodes {
                for child in node.children {
                    assert!(child.key.starts_with(&format!("{}.", node.key)), "{}", child.key);
                }
                check(node.children);
            }
        }
        check(super::TREE);
    }

    #[test]
    fn plugins_add_a_branch_for_the_permissions_the_host_does_not_have() {
        let manifest = |text: &str| volante_registry::manifest::Manifest::parse_shape(text).unwrap();
        let fleet = manifest(
            "[plugin]\nid = \"fleet\"\nname = \"Flota\"\nversion = \"0.1.0\"\napi = \"0.1.5\"\n[[services]]\nid = \"vehicle\"\nname = \"V\"\n\
             [[permissions]]\nkey = \"fleet.vehicles\"\nlabel = \"Vehículos\"\n[[permissions]]\nkey = \"contact.client\"\nlabel = \"Clientes\"\n",
        );
        let tree = super::tree(&[&fleet]);
        let last = tree.as_array().unwrap().last().unwrap();
        assert_eq!((last["key"].as_str(), last["group"].as_bool()), (Some("fleet"), Some(true)));
        assert_eq!(last["children"].as_array().unwrap().len(), 1);
        let keys = super::all_keys_with(&[&fleet]);
        assert!(keys.contains(&"fleet.vehicles".to_string()) && !keys.contains(&"fleet".to_string()));
        assert_eq!(keys.iter().filter(|k| *k == "contact.client").count(), 1);
    }
}
