//! Outgoing mail: lettre over SMTP, or, with no relay configured (the embedded default), an
//! outbox folder of `.eml` files plus a log line, so sign-in codes work with nothing else running.
//! The host's own templates are tera, in Spanish, compiled into the binary. Plugins' mail goes
//! through the delivery queue (`queue`): composed during the call, sent once it commits.

pub mod layout;
pub mod queue;

use std::path::PathBuf;

use anyhow::Context;
use lettre::message::header::ContentType;
use lettre::message::{Attachment as LettreAttachment, Mailbox, MultiPart, SinglePart};
use lettre::transport::smtp::authentication::Credentials;
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use secrecy::ExposeSecret;

use crate::config::Config;

const TEMPLATES: &[(&str, &str)] = &[
    ("signin_code.subject", include_str!("../../templates/mail/signin_code.subject.tera")),
    ("signin_code.txt", include_str!("../../templates/mail/signin_code.txt.tera")),
    ("password_reset.subject", include_str!("../../templates/mail/password_reset.subject.tera")),
    ("password_reset.txt", include_str!("../../templates/mail/password_reset.txt.tera")),
    ("welcome.subject", include_str!("../../templates/mail/welcome.subject.tera")),
    ("welcome.txt", include_str!("../../templates/mail/welcome.txt.tera")),
];

/// Render a plugin's inline subject and body templates (tera source) with a JSON object.
pub fn render_inline(subject: &str, body: &str, context_json: &str) -> Result<(String, String), String> {
    let value: serde_json::Value = serde_json::from_str(context_json).map_err(|_| "El contexto de la plantilla no es JSON".to_string())?;
    let context = tera::Context::from_value(value).map_err(|_| "El contexto debe ser un objeto".to_string())?;
    let mut tera = tera::Tera::default();
    tera.autoescape_on(vec![]);
    let describe = |err: tera::Error| {
        let mut text = err.to_string();
        let mut source = std::error::Error::source(&err);
        while let Some(cause) = source {
            text.push_str(&format!(": {cause}"));
            source = cause.source();
        }
        format!("Plantilla no válida: {text}")
    };
    tera.add_raw_templates(vec![("subject", subject), ("body", body)]).map_err(describe)?;
    let subject = tera.render("subject", &context).map_err(describe)?;
    let body = tera.render("body", &context).map_err(describe)?;
    Ok((subject.trim().to_string(), body))
}

pub struct Attachment {
    pub filename: String,
    pub content_type: String,
    pub bytes: Vec<u8>,
}

enum Transport {
    Smtp(AsyncSmtpTransport<Tokio1Executor>),
    Outbox(PathBuf),
}

pub struct Mailer {
    transport: Transport,
    from: Mailbox,
    templates: tera::Tera,
}

impl Mailer {
    pub fn from_config(config: &Config) -> anyhow::Result<Mailer> {
        let mut templates = tera::Tera::default();
        templates.add_raw_templates(TEMPLATES.iter().copied()).context("Failed to compile the mail templates")?;
        templates.autoescape_on(vec![]);
        let from: Mailbox = config.mail.from.parse().context("mail.from is not a valid address")?;
        let transport = match &config.mail.smtp_url {
            Some(url) => {
                let mut builder = AsyncSmtpTransport::<Tokio1Executor>::from_url(url)
                    .context("mail.smtp_url is not a valid SMTP URL")?;
                if let (Some(user), Some(password)) = (&config.mail.smtp_user, &config.mail.smtp_password) {
                    builder = builder.credentials(Credentials::new(user.clone(), password.expose_secret().to_string()));
                }
                Transport::Smtp(builder.build())
            }
            None => {
                let dir = config.data_dir.join("outbox");
                std::fs::create_dir_all(&dir).with_context(|| format!("Failed to create {}", dir.display()))?;
                Transport::Outbox(dir)
            }
        };
        Ok(Mailer { transport, from, templates })
    }

    /// Render `template` (its `.subject` and `.txt` parts) with `context` and send it to `to`.
    pub async fn send_template(
        &self,
        to: &str,
        template: &str,
        context: &tera::Context,
        attachments: Vec<Attachment>,
    ) -> anyhow::Result<()> {
        let mut context = context.clone();
        context.insert("product", "Volante");
        let subject = self.templates.render(&format!("{template}.subject"), &context)?;
        let body = self.templates.render(&format!("{template}.txt"), &context)?;
        self.send(to, subject.trim(), &body, attachments).await
    }

    pub async fn send(&self, to: &str, subject: &str, body: &str, attachments: Vec<Attachment>) -> anyhow::Result<()> {
        let composed = self.compose(to, subject, body, attachments, None)?;
        self.deliver(&composed).await
    }

    /// Build the message for one recipient, ready to deliver now or later (the queue keeps its
    /// bytes), dressed in the business's `layout` when there is one. Fails on an address that is
    /// not one or an attachment type that is not a MIME type.
    pub fn compose(&self, to: &str, subject: &str, body: &str, attachments: Vec<Attachment>, layout: Option<&layout::Layout>) -> anyhow::Result<Composed> {
        let to: Mailbox = to.trim().parse().with_context(|| format!("Invalid recipient {to}"))?;
        let body = match layout {
            Some(layout) => layout.dress(body),
            None => body.to_string(),
        };
        let mut from = self.from.clone();
        let mut builder = Message::builder();
        if let Some(layout) = layout {
            // The name is the business's; the address stays the one the relay sends as.
            if !layout.sender_name.is_empty() {
                from.name = Some(layout.sender_name.clone());
            }
            if !layout.reply_to.is_empty() {
                builder = builder.reply_to(layout.reply_to.parse().with_context(|| format!("Invalid reply-to {}", layout.reply_to))?);
            }
        }
        let text = SinglePart::builder().header(ContentType::TEXT_PLAIN).body(body.clone());
        let builder = builder.from(from).to(to.clone()).subject(subject);
        let message = if attachments.is_empty() {
            builder.singlepart(text)?
        } else {
            let mut mixed = MultiPart::mixed().singlepart(text);
            for attachment in attachments {
                let content_type = ContentType::parse(&attachment.content_type)
                    .with_context(|| format!("Invalid attachment type {}", attachment.content_type))?;
                mixed = mixed.singlepart(LettreAttachment::new(attachment.filename).body(attachment.bytes, content_type));
            }
            builder.multipart(mixed)?
        };
        Ok(Composed { recipient: to.email.to_string(), subject: subject.to_string(), bytes: message.formatted(), text: body })
    }

    /// Hand a composed message to the relay (or write it to the outbox).
    pub async fn deliver(&self, mail: &Composed) -> anyhow::Result<()> {
        match &self.transport {
            Transport::Smtp(smtp) => {
                let to: lettre::Address = mail.recipient.parse().with_context(|| format!("Invalid recipient {}", mail.recipient))?;
                let envelope = lettre::address::Envelope::new(Some(self.from.email.clone()), vec![to])?;
                smtp.send_raw(&envelope, &mail.bytes).await.context("The SMTP relay refused the message")?;
                tracing::info!(to = %mail.recipient, subject = %mail.subject, "mail sent");
            }
            Transport::Outbox(dir) => {
                let path = dir.join(format!("{}-{}.eml", crate::db::now().replace(':', ""), uuid::Uuid::new_v4()));
                tokio::fs::write(&path, &mail.bytes).await.context("Failed to write to the outbox")?;
                // The text goes to the log too, so the demo's sign-in codes can be read there.
                tracing::info!(to = %mail.recipient, subject = %mail.subject, path = %path.display(), body = %mail.text, "mail written to the outbox (no SMTP relay configured)");
            }
        }
        metrics::counter!("volante_mail_sent_total").increment(1);
        Ok(())
    }
}

/// One message to one recipient, as it goes on the wire.
#[derive(Debug, Clone)]
pub struct Composed {
    pub recipient: String,
    pub subject: String,
    /// The RFC 5322 message.
    pub bytes: Vec<u8>,
    /// The plain text, for the outbox's log line; empty for a message read back from the queue.
    pub text: String,
}

#[cfg(test)]
mod tests {
    #[test]
    fn inline_templates_render() {
        let (subject, body) =
            super::render_inline("Factura {{ reference }}", "Hola {{ name }}:\n{{ message }}", r#"{"reference":"F-1","name":"Ana","message":"adjunta"}"#)
                .unwrap();
        assert_eq!(subject, "Factura F-1");
        assert_eq!(body, "Hola Ana:\nadjunta");
        assert!(super::render_inline("{{ unclosed", "", "{}").unwrap_err().starts_with("Plantilla no válida"));
        assert!(super::render_inline("x", "y", "[1]").is_err());
    }
}
