//! `volante demo`: the provider, a demo driving school with two branches, a director (`super`)
//! and a teacher with limited permissions. Running it again keeps the data and renews the
//! passwords, so the printed credentials always work.

use anyhow::Context;
use rand::Rng;
use serde::Serialize;

use crate::auth::password;
use crate::business::{create_business, create_user, NewBusiness, NewUser};
use crate::db::{self, Db};

pub const PROVIDER_ADMIN: &str = "admin@volante.local";
pub const DIRECTOR: &str = "director@autoescuela-demo.es";
pub const TEACHER: &str = "profesor@autoescuela-demo.es";

#[derive(Debug, Serialize)]
pub struct DemoUser {
    pub role: &'static str,
    pub email: &'static str,
    pub password: String,
}

#[derive(Debug, Serialize)]
pub struct Demo {
    pub provider_business_id: i64,
    pub school_business_id: i64,
    pub users: Vec<DemoUser>,
}

fn generated_password() -> String {
    const ALPHABET: &[u8] = b"abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
    let mut rng = rand::rngs::OsRng;
    let body: String = (0..12).map(|_| ALPHABET[rng.gen_range(0..ALPHABET.len())] as char).collect();
    format!("{body}-7a")
}

/// Create (or refresh) the demo data. `password`: every demo user's password, else random ones.
pub async fn seed(db: &Db, password: Option<&str>) -> anyhow::Result<Demo> {
    if let Some(p) = password {
        crate::auth::password::check_policy(p)
            .map_err(|_| anyhow::anyhow!("VOLANTE_DEMO_PASSWORD must have 8+ characters mixing cases, digits or symbols"))?;
    }
    let mut tx = db.begin().await?;
    let provider: Option<(i64,)> = sqlx::query_as("SELECT business_id FROM business WHERE is_provider = TRUE")
        .fetch_optional(&mut *tx)
        .await?;
    let provider_business_id = match provider {
        Some((id,)) => id,
        None => {
            let created = create_business(
                &mut tx,
                NewBusiness {
                    name: "Volante".into(),
                    fiscal_name: "Volante Servicios SL".into(),
                    fiscal_code: "B00000000".into(),
                    email: PROVIDER_ADMIN.into(),
                    status: "active",
                    is_provider: true,
                },
            )
            .await?;
            create_user(
                &mut tx,
                NewUser {
                    business_id: created.business_id,
                    branch_id: Some(created.branch_id),
                    role_id: Some(created.super_role_id),
                    email: PROVIDER_ADMIN.into(),
                    password_hash: None,
                    first_name: "Administración".into(),
                    last_name: "Volante".into(),
                },
            )
            .await
            .context("Failed to create the provider administrator")?;
            created.business_id
        }
    };
    let school: Option<(i64,)> = sqlx::query_as("SELECT business_id FROM app_user WHERE email = $1")
        .bind(DIRECTOR)
        .fetch_optional(&mut *tx)
        .await?;
    let school_business_id = match school {
        Some((id,)) => id,
        None => {
            let created = create_business(
                &mut tx,
                NewBusiness {
                    name: "Autoescuela Demo".into(),
                    fiscal_name: "Autoescuela Demo SL".into(),
                    fiscal_code: "B12345674".into(),
                    email: DIRECTOR.into(),
                    status: "active",
                    is_provider: false,
                },
            )
            .await?;
            let now = db::now();
            sqlx::query(
                "UPDATE branch SET trade_name = 'Autoescuela Demo Centro', city = 'Madrid', province_id = 28,
                 postal_code = '28013', address = 'Calle Mayor 1', updated_at = $1 WHERE branch_id = $2",
            )
            .bind(&now)
            .bind(created.branch_id)
            .execute(&mut *tx)
            .await?;
            let (second,): (i64,) = sqlx::query_as(
                "INSERT INTO branch (business_id, trade_name, address, city, province_id, postal_code, created_at, updated_at)
                 VALUES ($1, 'Autoescuela Demo Alcalá', 'Calle Libreros 10', 'Alcalá de Henares', 28, '28801', $2, $2)
                 RETURNING branch_id",
            )
            .bind(created.business_id)
            .bind(&now)
            .fetch_one(&mut *tx)
            .await?;
            create_user(
                &mut tx,
                NewUser {
                    business_id: created.business_id,
                    branch_id: Some(created.branch_id),
                    role_id: Some(created.super_role_id),
                    email: DIRECTOR.into(),
                    password_hash: None,
                    first_name: "Dolores".into(),
                    last_name: "Directora Demo".into(),
                },
            )
            .await
            .context("Failed to create the demo director")?;
            create_user(
                &mut tx,
                NewUser {
                    business_id: created.business_id,
                    branch_id: Some(second),
                    role_id: Some(created.teacher_role_id),
                    email: TEACHER.into(),
                    password_hash: None,
                    first_name: "Pablo".into(),
                    last_name: "Profesor Demo".into(),
                },
            )
            .await
            .context("Failed to create the demo teacher")?;
            created.business_id
        }
    };
    let mut users = Vec::new();
    for (role, email) in [("Proveedor (super)", PROVIDER_ADMIN), ("Director (super)", DIRECTOR), ("Profesor", TEACHER)] {
        let plain = password.map(str::to_string).unwrap_or_else(generated_password);
        sqlx::query("UPDATE app_user SET password_hash = $1, is_active = TRUE, updated_at = $2 WHERE email = $3")
            .bind(password::hash(&plain).await?)
            .bind(db::now())
            .bind(email)
            .execute(&mut *tx)
            .await?;
        users.push(DemoUser { role, email, password: plain });
    }
    tx.commit().await?;
    Ok(Demo { provider_business_id, school_business_id, users })
}

/// Install every plugin of a local registry and switch its services on: the provider's own tools
/// (a module whose screens are all under the provider's prefix, `/facilauto/…`, such as the
/// training consultancy) for the demo provider, every other module for the demo school.
pub async fn install_modules(state: &crate::state::AppState, dir: &std::path::Path, demo: &Demo) -> anyhow::Result<Vec<String>> {
    let actor = crate::plugins::Actor { business_id: demo.provider_business_id, user_id: None };
    let ids = state.plugins.install_from_registry(state, dir, actor).await?;
    let (mut school, mut provider) = (Vec::new(), Vec::new());
    for id in &ids {
        if let Some(plugin) = state.plugins.installed(id).await {
            let services = plugin.manifest.services.iter().map(|s| s.id.clone());
            if provider_tool(&plugin.manifest) {
                provider.extend(services);
            } else {
                school.extend(services);
            }
        }
    }
    for (business_id, services) in [(demo.school_business_id, school), (demo.provider_business_id, provider)] {
        if !services.is_empty() {
            crate::business::enable_services(state, business_id, &services)
                .await
                .map_err(|err| anyhow::anyhow!("Failed to enable the demo modules: {err}"))?;
        }
    }
    Ok(ids)
}

/// A module whose screens are all the provider's (`/facilauto/…`).
fn provider_tool(manifest: &volante_registry::manifest::Manifest) -> bool {
    manifest.ui.as_ref().is_some_and(|ui| !ui.routes.is_empty() && ui.routes.iter().all(|r| r.starts_with("/facilauto/")))
}
