//! The host's permission tree, as the role editor shows it. Plugins add their own branches from
//! their manifests; a permission is a dotted key, and holding a parent does not imply its children.

use serde::Serialize;

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

#[cfg(test)]
mod tests {
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
}
