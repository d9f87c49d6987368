//! Arbitrary text as an action in every game's notation, and as a game
//! record: parsing never panics, and whatever parses reads back the same.
#![no_main]

use fairy_ring::{AnyAction, AnyGame, GameKind, Record};

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let Ok(text) = core::str::from_utf8(data) else {
        return;
    };
    if let Ok(action) = text.parse::<AnyAction>() {
        let again = action.tagged().to_string();
        assert_eq!(again.parse::<AnyAction>(), Ok(action), "{text:?} -> {again:?}");
    }
    for kind in GameKind::ALL {
        let tagged = format!("{}: {text}", kind.id());
        if let Ok(action) = tagged.parse::<AnyAction>() {
            assert_eq!(action.kind(), kind);
            let again = action.tagged().to_string();
            assert_eq!(again.parse::<AnyAction>(), Ok(action), "{tagged:?} -> {again:?}");
        }
    }
    // A record from any text replays or is refused, never panics.
    if let Ok(record) = serde_json::from_str::<Record<AnyGame>>(text) {
        let _ = record.state_at(record.len());
    }
});
