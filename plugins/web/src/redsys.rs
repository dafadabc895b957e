//! Redsys, the card payment gateway of Spanish banks (card and Bizum), redirection integration
//! with signature version `HMAC_SHA256_V1`: the customer's browser posts a signed form to the
//! bank's payment page, and the bank posts a signed notification back to the merchant.
//!
//! The signature: the order's own key is the 3DES-CBC encryption (zero IV, zero padding) of the
//! order reference under the merchant's key (base64 of 24 bytes); the signature is the
//! HMAC-SHA256 of the base64 merchant parameters under that key, base64 (URL-safe in the
//! bank's notifications).

use base64::engine::general_purpose::STANDARD;
use base64::Engine;
use des::cipher::generic_array::GenericArray;
use des::cipher::{BlockEncrypt, KeyInit};
use des::TdesEde3;
use hmac::{Hmac, Mac};
use serde_json::Value;
use sha2::Sha256;

pub const SIGNATURE_VERSION: &str = "HMAC_SHA256_V1";

/// The bank's payment page in its test environment.
pub const TEST_URL: &str = "https://sis-t.redsys.es:25443/sis/realizarPago";
/// The bank's payment page for real payments.
pub const REAL_URL: &str = "https://sis.redsys.es/sis/realizarPago";

/// Euros (ISO 4217 numeric).
pub const CURRENCY_EUR: &str = "978";

/// The merchant's key: base64 of 24 bytes. `None` when it is not one.
pub fn decode_key(key: &str) -> Option<[u8; 24]> {
    let bytes = STANDARD.decode(key.trim()).ok()?;
    bytes.try_into().ok()
}

/// The order's own key: its reference encrypted with 3DES-CBC under the merchant's key, with a
/// zero IV and the reference padded with zeros to whole 8-byte blocks.
pub fn order_key(merchant_key: &[u8; 24], order: &str) -> Vec<u8> {
    let cipher = TdesEde3::new(GenericArray::from_slice(merchant_key));
    let mut data = order.as_bytes().to_vec();
    data.resize(data.len().div_ceil(8).max(1) * 8, 0);
    let mut previous = [0u8; 8];
    for block in data.chunks_mut(8) {
        for (byte, prev) in block.iter_mut().zip(previous) {
            *byte ^= prev;
        }
        cipher.encrypt_block(GenericArray::from_mut_slice(block));
        previous.copy_from_slice(block);
    }
    data
}

fn mac(merchant_key: &[u8; 24], order: &str, parameters: &str) -> Hmac<Sha256> {
    let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(&order_key(merchant_key, order)).expect("HMAC takes a key of any length");
    mac.update(parameters.as_bytes());
    mac
}

/// The signature of a payment request (`Ds_Signature`), standard base64.
pub fn signature(merchant_key: &[u8; 24], order: &str, parameters: &str) -> String {
    STANDARD.encode(mac(merchant_key, order, parameters).finalize().into_bytes())
}

/// Whether `signature` (standard or URL-safe base64, as the bank sends it) signs `parameters`
/// for `order`. Compared in constant time.
pub fn verify(merchant_key: &[u8; 24], order: &str, parameters: &str, signature: &str) -> bool {
    let Some(given) = decode_base64(signature) else { return false };
    mac(merchant_key, order, parameters).verify_slice(&given).is_ok()
}

/// The base64 merchant parameters of a request: the JSON object of `fields`.
pub fn encode_parameters(fields: &serde_json::Map<String, Value>) -> String {
    STANDARD.encode(Value::Object(fields.clone()).to_string())
}

/// The JSON object a notification's `Ds_MerchantParameters` holds (standard or URL-safe base64).
pub fn decode_parameters(parameters: &str) -> Option<serde_json::Map<String, Value>> {
    match serde_json::from_slice(&decode_base64(parameters)?).ok()? {
        Value::Object(map) => Some(map),
        _ => None,
    }
}

fn decode_base64(text: &str) -> Option<Vec<u8>> {
    use base64::alphabet;
    use base64::engine::{DecodePaddingMode, GeneralPurpose, GeneralPurposeConfig};
    // Padded or not: the bank's URL-safe texts come either way.
    const LENIENT: GeneralPurposeConfig = GeneralPurposeConfig::new().with_decode_padding_mode(DecodePaddingMode::Indifferent);
    const STANDARD_ANY: GeneralPurpose = GeneralPurpose::new(&alphabet::STANDARD, LENIENT);
    const URL_SAFE_ANY: GeneralPurpose = GeneralPurpose::new(&alphabet::URL_SAFE, LENIENT);
    let text = text.trim();
    STANDARD_ANY.decode(text).or_else(|_| URL_SAFE_ANY.decode(text)).ok()
}

/// A response code (`Ds_Response`) from 0000 to 0099 is an authorised payment.
pub fn authorised(response: &str) -> bool {
    response.trim().parse::<u32>().is_ok_and(|code| code <= 99)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Redsys's public test merchant key.
    const TEST_KEY: &str = "sq7HjrUOBfKmC576ILgskD5srU870gJ7";

    #[test]
    fn the_order_key_is_the_3des_of_the_reference() {
        let key = decode_key(TEST_KEY).unwrap();
        // Known answers, computed independently with
        // `openssl enc -des-ede3-cbc -K <key> -iv 0000000000000000 -nopad` over the padded reference
        // (the first is also the one Redsys's own libraries publish for the test key).
        assert_eq!(STANDARD.encode(order_key(&key, "0")), "Qyx5NZhbucY=");
        assert_eq!(STANDARD.encode(order_key(&key, "000007k3q9zx")), "tnU983QcvufPuSK+sD/oWw==");
    }

    #[test]
    fn a_signature_verifies_and_a_changed_one_does_not() {
        let key = decode_key(TEST_KEY).unwrap();
        let mut fields = serde_json::Map::new();
        fields.insert("DS_MERCHANT_ORDER".into(), "000007k3q9zx".into());
        fields.insert("DS_MERCHANT_AMOUNT".into(), "60000".into());
        let parameters = encode_parameters(&fields);
        let signed = signature(&key, "000007k3q9zx", &parameters);
        assert!(verify(&key, "000007k3q9zx", &parameters, &signed));
        // The bank's notifications use the URL-safe alphabet.
        assert!(verify(&key, "000007k3q9zx", &parameters, &signed.replace('+', "-").replace('/', "_")));
        assert!(!verify(&key, "000007k3q9zy", &parameters, &signed));
        assert!(!verify(&key, "000007k3q9zx", &encode_parameters(&serde_json::Map::new()), &signed));
        assert!(!verify(&key, "000007k3q9zx", &parameters, "not base64!"));
        assert_eq!(decode_parameters(&parameters).unwrap()["DS_MERCHANT_AMOUNT"], "60000");
        // Padded or not.
        let unpadded = parameters.trim_end_matches('=').replace('+', "-").replace('/', "_");
        assert!(unpadded.len() < parameters.len(), "the test needs a padded text: {parameters}");
        assert_eq!(decode_parameters(&unpadded).unwrap()["DS_MERCHANT_AMOUNT"], "60000");
        assert!(verify(&key, "000007k3q9zx", &parameters, signed.trim_end_matches('=')));
    }

    #[test]
    fn keys_and_response_codes() {
        assert!(decode_key(TEST_KEY).is_some());
        assert!(decode_key("c2hvcnQ=").is_none());
        assert!(decode_key("not a key").is_none());
        assert!(authorised("0000") && authorised("0099"));
        assert!(!authorised("0101") && !authorised("9915") && !authorised(""));
    }
}
