//! Volante's `products` plugin: the business's catalogue. Categories (`product/category/`) and
//! products (`product/`) with their suppliers and cost, their sale price and tax (the billing
//! module's taxes), and packs that bundle other products with a discount per line. See
//! README.md for the calls.

mod category;
mod poster;
mod process;
mod product;

use volante_plugin_sdk::copy;
use volante_plugin_sdk::prelude::*;

pub use category::Category;
pub use process::Process;
pub use product::{PackItem, Product, StorefrontProduct};

/// The `{id}` of a body.
#[derive(Debug, Default, Deserialize, JsonSchema)]
pub struct IdBody {
    pub id: i64,
}

/// A record's id and name.
#[derive(Debug, Clone, Deserialize)]
pub struct Named {
    pub id: i64,
    pub name: String,
}

/// The rows of `table` (a table of this plugin with `name`) among `ids` that are not deleted.
pub fn live_names(ctx: &Ctx, table: &str, ids: &[i64]) -> Result<Vec<Named>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let mut params = params![ctx.business_id];
    params.extend(ids.iter().map(|id| id.to_sql()));
    sql::query_as(
        &format!("SELECT id, name FROM {table} WHERE business_id = $1 AND state <> 'deleted' AND id IN ({})", sql::placeholders(2, ids.len())),
        &params,
    )
}

pub struct Products;

impl Plugin for Products {
    fn router() -> Router {
        Router::new()
            .post("product/category/create", category::create)
            .post("product/category/update", category::update)
            .post("product/category/delete", category::delete)
            .post("product/category/state", category::state)
            .get("product/category/read", category::read)
            .post("product/create", product::create)
            .post("product/update", product::update)
            .post("product/delete", product::delete)
            .post("product/state", product::state)
            .post("product/pricing/clone", product::clone_pricing)
            .get("marketing/poster/data", poster::data)
            .post("marketing/poster/update", poster::update)
            .get("product/read", product::list)
            .get("product/read/{id}", |ctx, req| product::detail(ctx, req.param("id")?))
            .get("product/taxes", product::taxes)
            .get("product/process/runs", process::runs)
            .post("product/process/retry", process::retry)
    }

    fn on_event(ctx: &Ctx, name: &str, payload_json: &str) -> std::result::Result<(), String> {
        match name {
            // The online shop sold: each product bought runs its automatic processes.
            "web.order.paid" => {
                let order: process::PaidOrder = serde_json::from_str(payload_json).map_err(|e| e.to_string())?;
                process::on_paid(ctx, &order).map_err(|e| e.details)
            }
            _ => Ok(()),
        }
    }

    fn invoke(ctx: &Ctx, function: &str, args_json: &str) -> std::result::Result<String, String> {
        match function {
            // The online shop (web): `{ids?}` → the products a customer may buy
            // (`product::storefront`).
            "product.storefront" => {
                #[derive(Deserialize)]
                struct Args {
                    #[serde(default)]
                    ids: Option<Vec<i64>>,
                }
                let args: Args = serde_json::from_str(args_json).map_err(|e| e.to_string())?;
                product::storefront(ctx, args.ids.as_deref())
                    .map_err(|e| e.details)
                    .and_then(|v| serde_json::to_string(&v).map_err(|e| e.to_string()))
            }
            // The provider copies a model school's categories into another (`[[copies]]`).
            copy::EXPORT => copy::answer(copy::export_args(args_json).and_then(|args| category::copy_export(ctx, &args))),
            copy::IMPORT => copy::answer(copy::import_args(args_json).and_then(|args| category::copy_import(ctx, args.items))),
            other => Err(format!("unknown function `{other}`")),
        }
    }

    fn schemas(schemas: &mut Schemas) {
        schemas
            .resource::<Category>()
            .resource::<Product>()
            .add::<IdBody>("products_id")
            .add::<poster::Design>("products_poster")
            .add::<category::StateBody>("products_state")
            .add::<product::CloneBody>("product_pricing_clone")
            .add::<process::RetryBody>("product_process_retry");
    }
}

volante_plugin_sdk::plugin!(Products);

