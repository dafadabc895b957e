//! Volante's `web` plugin: the school's online shop. The school's website (the storefront) sells
//! the catalogue's products with the school's web-api key; the customer pays on the bank's
//! Redsys page (card or Bizum); the bank's signed notification marks the order paid. Staff
//! configure the gateway and the keys and follow the orders. See README.md for the calls.

mod blog;
mod customer;
mod gateway;
mod legal;
mod order;
pub mod redsys;
mod status;

use volante_plugin_sdk::prelude::*;
use volante_plugin_sdk::timers;

pub use blog::{BlogPost, PostBody};
pub use customer::{AccessBody, CustomerUser};
pub use gateway::{Apis, Gateway, GatewayUpdate, KeyUpdate, SalesBilling, ThirdPartyKey};
pub use order::{ConfigureBody, Customer, Line, LineIn, Notification, Order, PreorderBody};

pub struct Web;

impl Plugin for Web {
    fn router() -> Router {
        Router::new()
            .get("web/payments/gateway/read", gateway::gateway_read)
            .post("web/payments/gateway/update", gateway::gateway_update)
            .get("web/apis/read", gateway::apis_read)
            .post("web/apis/update", gateway::apis_update)
            .get("web/ecommerce/order/readall", order::list)
            .get("web/ecommerce/order/read/{id}", |ctx, req| order::read_staff(ctx, req.param("id")?))
            .post("web/ecommerce/order/configure", order::configure)
            .post("web/ecommerce/order/invoice", order::invoice_call)
            .get("web/sales/billing/read", gateway::sales_read)
            .post("web/sales/billing/update", gateway::sales_update)
            .post("web/customer/status", status::update)
            .get("web/legal/read", legal::read)
            .post("web/legal/update", legal::update)
            .post("web/blog/post/create", blog::create)
            .post("web/blog/post/delete", blog::delete)
            .get("web/blog/post/read", blog::read)
            .get("web/api/blog/read", blog::storefront)
            .get("web/api/payments/tpv/read", gateway::storefront_methods)
            .get("web/api/product/read/{id}", |ctx, req| order::storefront_product(ctx, req.param("id")?))
            .get("web/api/taxes/read", order::storefront_taxes)
            .get("web/api/legal/read", legal::storefront)
            .post("web/api/ecommerce/preorder", order::preorder)
            // The customer area.
            .post("web/api/user/access", customer::access)
            .get("web/api/user/verify", customer::verify)
            .get("web/api/user/data", customer::data)
            .get("web/api/user/agreement", customer::agreements)
            .get("web/api/user/valkiria/autologin", customer::valkiria_autologin)
            .get("web/api/user/formative", customer::formative)
            .get("web/api/ecommerce/preorder/read/all", customer::orders)
            .post("web/api/user/logout", customer::logout)
            .post("web/api/payments/tpv/notify/{key}", order::notify)
    }

    fn invoke(ctx: &Ctx, function: &str, args_json: &str) -> std::result::Result<String, String> {
        match function {
            // The products plugin's processes: the buyer's mode in the shop (demo or enrolled).
            "web.customer_status" => {
                let body: status::Export = serde_json::from_str(args_json).map_err(|e| e.to_string())?;
                status::set(ctx, body.contact_id, Some(body.status.as_str()), &body.order_reference).map_err(|e| e.details)?;
                let mut value = status::json_of(ctx, body.contact_id).map_err(|e| e.details)?;
                value["contact_id"] = json!(body.contact_id);
                serde_json::to_string(&value).map_err(|e| e.to_string())
            }
            // The products plugin's posters: the address of a product's order page in the
            // customer area (with the web-api key), null without a key.
            "web.order_link" => {
                #[derive(Deserialize)]
                struct Args {
                    product_id: i64,
                }
                let args: Args = serde_json::from_str(args_json).map_err(|e| e.to_string())?;
                let url = Apis::load().webapi_key.map(|key| customer::order_page_url(&key, args.product_id));
                serde_json::to_string(&json!({ "url": url })).map_err(|e| e.to_string())
            }
            other => Err(format!("unknown function `{other}`")),
        }
    }

    fn on_event(ctx: &Ctx, name: &str, payload_json: &str) -> std::result::Result<(), String> {
        // A scheduled blog post's date has come.
        if let Some(fired) = timers::Fired::parse(name, payload_json) {
            if fired.key.starts_with("blog-post:") {
                return blog::fired(ctx, &fired.payload).map_err(|e| e.details);
            }
            return Ok(());
        }
        match name {
            "web.order.paid" => {
                let payload: Value = serde_json::from_str(payload_json).map_err(|e| e.to_string())?;
                order::on_paid(ctx, &payload).map_err(|e| e.details)
            }
            _ => Ok(()),
        }
    }

    fn schemas(schemas: &mut Schemas) {
        schemas
            .add::<GatewayUpdate>("web_gateway")
            .add::<gateway::ApisUpdate>("web_apis")
            .add::<PreorderBody>("web_preorder")
            .add::<ConfigureBody>("web_order_configure")
            .add::<order::IdBody>("web_id")
            .add::<gateway::SalesBillingUpdate>("web_sales_billing")
            .add::<status::StatusBody>("web_customer_status")
            .add::<legal::LegalUpdate>("web_legal_update")
            .resource::<BlogPost>()
            .add::<PostBody>("web_blog_post_save")
            .add::<Order>("web_order")
            .add::<AccessBody>("web_customer_access")
            .add::<CustomerUser>("web_customer_user");
    }
}

volante_plugin_sdk::plugin!(Web);
