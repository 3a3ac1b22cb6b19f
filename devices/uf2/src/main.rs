//! `owlet-uf2 ELF [--no-copy]`: writes `ELF.uf2`, the RP2040 UF2 file of
//! the executable `ELF` (see [`uf2`]), and copies it to a Raspberry Pi
//! Pico in BOOTSEL mode if one is mounted; otherwise says where the file
//! is. devices/rp2040's cargo runner (`devices/uf2/run`), so that
//! `cargo run --release` there builds and flashes.
//!
//! A Pico in BOOTSEL mode (held BOOTSEL while plugging it in) is a USB
//! drive named `RPI-RP2` with an `INFO_UF2.TXT`. It is looked for in
//! `$OWLET_PICO_DIR` if set, else in `/media/*/RPI-RP2`,
//! `/run/media/*/RPI-RP2`, `/media/RPI-RP2`, `/mnt/RPI-RP2` and
//! `/Volumes/RPI-RP2`. The Pico writes the file to flash and restarts
//! with the new program. `--no-copy` (or `OWLET_UF2_NO_COPY=1`) only
//! writes the file.
//!
//! Uses no crates: the ELF reader ([`elf`]) reads the program headers only.

mod elf;
mod uf2;

use std::fs;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

const USAGE: &str = "usage: owlet-uf2 ELF [--no-copy]";

fn main() -> ExitCode {
    let mut elf_path = None;
    let mut copy = std::env::var_os("OWLET_UF2_NO_COPY").is_none_or(|v| v.is_empty() || v == "0");
    for arg in std::env::args_os().skip(1) {
        if arg == "--no-copy" {
            copy = false;
        } else if arg == "--help" || arg == "-h" {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        } else if elf_path.is_none() {
            elf_path = Some(PathBuf::from(arg));
        } else {
            eprintln!("{USAGE}");
            return ExitCode::FAILURE;
        }
    }
    let Some(elf_path) = elf_path else {
        eprintln!("{USAGE}");
        return ExitCode::FAILURE;
    };
    match run(&elf_path, copy) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("owlet-uf2: {message}");
            ExitCode::FAILURE
        }
    }
}

fn run(elf_path: &Path, copy: bool) -> Result<(), String> {
    let file = fs::read(elf_path).map_err(|e| format!("{}: {e}", elf_path.display()))?;
    let segments = elf::load_segments(&file).map_err(|e| format!("{}: {e}", elf_path.display()))?;
    let image = uf2::convert(&segments).map_err(|e| format!("{}: {e}", elf_path.display()))?;
    let mut uf2_path = elf_path.as_os_str().to_owned();
    uf2_path.push(".uf2");
    let uf2_path = PathBuf::from(uf2_path);
    fs::write(&uf2_path, &image).map_err(|e| format!("{}: {e}", uf2_path.display()))?;
    let blocks = image.len() / uf2::BLOCK;
    println!(
        "{}: {blocks} blocks, {} KiB of flash",
        uf2_path.display(),
        blocks * uf2::PAGE as usize / 1024
    );
    if !copy {
        return Ok(());
    }
    let picos = mounted_picos();
    let Some(pico) = picos.first() else {
        println!(
            "No Pico in BOOTSEL mode is mounted (an RPI-RP2 drive): hold BOOTSEL while \
             plugging it in, then run again or copy {} to the drive.",
            uf2_path.display()
        );
        return Ok(());
    };
    if picos.len() > 1 {
        println!(
            "{} Picos in BOOTSEL mode are mounted; using the first.",
            picos.len()
        );
    }
    let target = pico.join("owlet-rp2040.uf2");
    let mut out = fs::File::create(&target).map_err(|e| format!("{}: {e}", target.display()))?;
    out.write_all(&image)
        .and_then(|()| out.sync_all())
        .map_err(|e| format!("{}: {e}", target.display()))?;
    println!(
        "Copied to {}: the Pico writes it to flash and restarts with it.",
        pico.display()
    );
    Ok(())
}

/// Mounted RP2040 boot drives (directories holding an `INFO_UF2.TXT`
/// that names an RP2040 board), `$OWLET_PICO_DIR` alone if it is set.
fn mounted_picos() -> Vec<PathBuf> {
    if let Some(dir) = std::env::var_os("OWLET_PICO_DIR") {
        return vec![PathBuf::from(dir)];
    }
    let mut candidates = Vec::new();
    for parent in ["/media", "/run/media"] {
        if let Ok(users) = fs::read_dir(parent) {
            for user in users.flatten() {
                candidates.push(user.path().join("RPI-RP2"));
            }
        }
    }
    for dir in ["/media/RPI-RP2", "/mnt/RPI-RP2", "/Volumes/RPI-RP2"] {
        candidates.push(PathBuf::from(dir));
    }
    candidates.sort();
    candidates
        .into_iter()
        .filter(|dir| {
            fs::read_to_string(dir.join("INFO_UF2.TXT"))
                .is_ok_and(|info| info.contains("RP2") || info.contains("RPI"))
        })
        .collect()
}
