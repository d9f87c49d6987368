//! Panic-free by construction: a `no_std` program for a bare-metal target
//! that plays games of all five engines, and of `AnyGame`, through the public
//! API: legal actions, the notation written and read back, a seat's words
//! read as its decision, the messages a table sends, information states and
//! sampling, setups rebuilt, and the numbers for learning (action indices
//! read both ways, legal-action masks, a seat's tensor). Its panic handler calls a function that exists
//! nowhere, so the program links only when whole-program optimisation has
//! removed every panic path: a panic the library could reach is a link error
//! naming `fairy_ring_can_panic`. `.ci/run` builds it.

#![no_std]
#![no_main]

use core::convert::Infallible;
use core::fmt::{self, Write};
use core::panic::PanicInfo;

use fairy_ring::learning::Learning;
use fairy_ring::rand_core::TryRng;
use fairy_ring::{
    ActionInView, AnyGame, GameKind, InfoState, Message, Player, Seat, fairy, fayre, fickle, prank,
    season,
};

unsafe extern "C" {
    /// Defined nowhere: a call that survives optimisation fails the link.
    fn fairy_ring_can_panic() -> !;
}

#[panic_handler]
fn panic(_: &PanicInfo) -> ! {
    // SAFETY: never runs; the program does not link if this call remains.
    unsafe { fairy_ring_can_panic() }
}

/// SplitMix64: a small generator whose seed the optimiser cannot see.
struct SplitMix(u64);

impl TryRng for SplitMix {
    type Error = Infallible;

    fn try_next_u32(&mut self) -> Result<u32, Infallible> {
        self.try_next_u64().map(|n| (n >> 32) as u32)
    }

    fn try_next_u64(&mut self) -> Result<u64, Infallible> {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        Ok(z ^ (z >> 31))
    }

    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Infallible> {
        for byte in dst {
            *byte = self.try_next_u64()? as u8;
        }
        Ok(())
    }
}

/// Up to 4 KiB of text, written by `Display`; a longer text is cut.
struct Text {
    bytes: [u8; 4096],
    len: usize,
}

impl Text {
    fn new() -> Text {
        Text {
            bytes: [0; 4096],
            len: 0,
        }
    }

    fn as_str(&self) -> &str {
        self.bytes
            .get(..self.len)
            .and_then(|bytes| core::str::from_utf8(bytes).ok())
            .unwrap_or("")
    }
}

impl Write for Text {
    fn write_str(&mut self, text: &str) -> fmt::Result {
        let rest = self.bytes.get_mut(self.len..).ok_or(fmt::Error)?;
        if text.len() > rest.len() {
            return Err(fmt::Error);
        }
        for (slot, &byte) in rest.iter_mut().zip(text.as_bytes()) {
            *slot = byte;
        }
        self.len += text.len();
        Ok(())
    }
}

/// Room for the longest tensor and the largest action space of any game.
struct Buffers {
    tensor: [f32; 8192],
    mask: [bool; 512],
}

/// Plays one game of `G` with random moves, through every public way in
/// that a table, a client, a bot or a learner uses; returns a sum of what it
/// saw, so that nothing is optimised away.
fn play<G: Learning>(config: &G::Config, rng: &mut SplitMix, buffers: &mut Buffers) -> u64 {
    let Ok(mut state) = G::new(config, rng) else {
        return 0;
    };
    let seat = Seat::Player(Player(0));
    let mut info = InfoState::<G>::new(seat, state.view_for(seat));
    let mut seen = 0u64;
    let mut text = Text::new();
    while let Some(player) = state.to_act().lowest() {
        let decision = state.decision(player);
        let Some(&action) = fairy_ring::rng::choose(rng, &decision.legal) else {
            break;
        };
        let space = G::action_space(config);
        if let Some(mask) = buffers.mask.get_mut(..space) {
            G::legal_mask(config, &decision.legal, mask);
            seen += mask.iter().filter(|&&legal| legal).count() as u64;
        }
        if let Some(index) = G::action_index(config, &action) {
            seen += u64::from(G::action_at(config, index) == Some(action));
        }
        seen += u64::from(G::action_at(config, rng.0 as usize % (space + 2)).is_some());
        text.len = 0;
        if write!(text, "{action}").is_ok() {
            seen += u64::from(state.parse_action(text.as_str()).is_ok());
            seen += u64::from(G::read_action(&decision.view, text.as_str()).is_ok());
        }
        text.len = 0;
        if write!(text, "{}", ActionInView::<G>::new(&decision.view, &action)).is_ok() {
            seen += u64::from(decision.read(text.as_str()) == Ok(action));
        }
        let before = state.clone();
        let Ok(events) = state.apply(player, action, rng) else {
            break;
        };
        for event in &events {
            text.len = 0;
            seen += u64::from(write!(text, "{event}").is_ok());
        }
        if let Some(message) = Message::between(&before, &state, &events, seat) {
            seen += u64::from(info.receive(&message).is_ok());
        }
        text.len = 0;
        seen += u64::from(write!(text, "{}", info.view).is_ok());
        let len = G::tensor_len(config);
        if let Some(tensor) = buffers.tensor.get_mut(..len) {
            seen += u64::from(G::write_tensor(config, &info, tensor).is_ok());
            seen += tensor.iter().filter(|&&x| x != 0.0).count() as u64;
        }
        if let Ok(sample) = info.sample(config, rng) {
            seen += u64::from(sample.to_act().len() as u8);
        }
    }
    seen + u64::from(G::from_setup(state.to_setup()).is_ok())
}

/// Every engine at every table size, and the same through `AnyGame`.
fn play_all(rng: &mut SplitMix, buffers: &mut Buffers) -> u64 {
    let mut seen = 0;
    for players in 2..=10 {
        for kind in GameKind::ALL {
            if let Ok(config) = kind.config(players) {
                seen += play::<AnyGame>(&config, rng, buffers);
            }
        }
        if let Ok(config) = fairy::Config::new(players) {
            seen += play::<fairy::State>(&config, rng, buffers);
        }
        if let Ok(config) = prank::Config::new(players) {
            seen += play::<prank::State>(&config, rng, buffers);
        }
        if let Ok(config) = season::Config::new(players) {
            seen += play::<season::State>(&config, rng, buffers);
        }
        if let Ok(config) = fickle::Config::new(players) {
            seen += play::<fickle::State>(&config, rng, buffers);
        }
        if let Ok(config) = fayre::Config::new(players) {
            seen += play::<fayre::State>(&config, rng, buffers);
        }
        seen += build_all(players);
    }
    seen
}

/// Every game's builder, at a table size that may not seat: positions
/// written through the builders are checked, never a panic.
fn build_all(players: usize) -> u64 {
    let kept = core::hint::black_box("Noble 4");
    let built = [
        fairy::State::builder(players).build().is_ok(),
        prank::State::builder(players).build().is_ok(),
        season::State::builder(players).build().is_ok(),
        fickle::State::builder(players)
            .kept(fairy_ring::Player(0), kept)
            .build()
            .is_ok(),
        fickle::State::builder(players).opening().build().is_ok(),
        fayre::State::builder(players).build().is_ok(),
    ];
    built.iter().map(|&ok| u64::from(ok)).sum()
}

/// The entry point of the bare-metal program.
#[unsafe(no_mangle)]
pub extern "C" fn _start() -> ! {
    let seed = core::hint::black_box(0x5eed_u64);
    let mut buffers = Buffers {
        tensor: [0.0; 8192],
        mask: [false; 512],
    };
    let seen = play_all(&mut SplitMix(seed), &mut buffers);
    core::hint::black_box(seen);
    loop {
        // Nothing to return to on bare metal.
        core::hint::spin_loop();
    }
}
