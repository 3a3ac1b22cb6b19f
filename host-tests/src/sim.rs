//! `owlet sim`: serves the board simulator's page (`devices/wasm/www`,
//! with the `owlet.wasm` that `scripts/sim-build` puts there) over HTTP on
//! 127.0.0.1 and prints its URL.
//!
//! Owns: the command line of `owlet sim` and a tiny static file server
//! (`GET` and `HEAD` of the files directly in the folder, one thread per
//! connection, `Connection: close`).
//!
//! Omits: building the WebAssembly module (`scripts/sim-build` does, with
//! cargo and the `wasm32-unknown-unknown` target), subfolders, ranges,
//! caching and anything but loopback.

use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// `owlet sim --help`.
pub const HELP: &str = "\
usage: owlet sim [--port N] [--dir DIR]

Serves the board simulator (owlet-firmware's board application compiled to
WebAssembly, in a web page) on http://127.0.0.1:N/ and prints that URL; runs
until stopped (Ctrl-C). Build the page's owlet.wasm first with
scripts/sim-build (from the repository).

  --port N   the port (default 8045; 0 picks a free one)
  --dir DIR  the page's folder (default: devices/wasm/www of the source tree
             owlet was built from)

exit codes: 1 if the folder has no owlet.wasm or the port cannot be bound;
2 for a bad command line.";

/// The page's folder in the source tree this program was built from.
fn default_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../devices/wasm/www")
}

/// `owlet sim ARGS`.
pub fn main(args: &[String]) -> ExitCode {
    let mut port: u16 = 8045;
    let mut dir = default_dir();
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        match (arg.as_str(), it.next()) {
            ("--port", Some(n)) => match n.parse() {
                Ok(n) => port = n,
                Err(_) => return usage(&format!("--port {n}: not a port number")),
            },
            ("--dir", Some(d)) => dir = PathBuf::from(d),
            (a, _) => return usage(&format!("sim: unexpected argument {a}")),
        }
    }
    let dir = dir.canonicalize().unwrap_or(dir);
    if !dir.join("owlet.wasm").is_file() {
        eprintln!(
            "owlet: sim: {} has no owlet.wasm: build it with scripts/sim-build",
            dir.display()
        );
        return ExitCode::FAILURE;
    }
    let listener = match TcpListener::bind(("127.0.0.1", port)) {
        Ok(l) => l,
        Err(e) => {
            eprintln!("owlet: sim: port {port}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let port = listener.local_addr().map_or(port, |a| a.port());
    println!("http://127.0.0.1:{port}/");
    eprintln!("owlet sim: serving {} (Ctrl-C stops)", dir.display());
    let _ = std::io::stdout().flush();
    for stream in listener.incoming().flatten() {
        let dir = dir.clone();
        std::thread::spawn(move || {
            let _ = serve(stream, &dir);
        });
    }
    ExitCode::SUCCESS
}

fn usage(what: &str) -> ExitCode {
    eprintln!("owlet: {what}\n\n{HELP}");
    ExitCode::from(2)
}

/// Answers one request on `stream` from the files of `dir`.
fn serve(mut stream: TcpStream, dir: &Path) -> std::io::Result<()> {
    let mut reader = BufReader::new(stream.try_clone()?);
    let mut line = String::new();
    reader.read_line(&mut line)?;
    // The headers, up to the empty line.
    let mut header = String::new();
    while reader.read_line(&mut header)? > 2 {
        header.clear();
    }
    let mut parts = line.split_whitespace();
    let method = parts.next().unwrap_or("");
    let target = parts.next().unwrap_or("/");
    let path = target.split(['?', '#']).next().unwrap_or("/");
    let name = match path.trim_start_matches('/') {
        "" => "index.html",
        name => name,
    };
    let safe = !name.contains('/') && !name.contains('\\') && !name.starts_with('.');
    let file = dir.join(name);
    let (status, body, kind) = match (method, safe) {
        ("GET" | "HEAD", true) => match std::fs::read(&file) {
            Ok(body) => ("200 OK", body, content_type(name)),
            Err(_) => ("404 Not Found", b"not found\n".to_vec(), "text/plain"),
        },
        ("GET" | "HEAD", false) => ("404 Not Found", b"not found\n".to_vec(), "text/plain"),
        _ => (
            "405 Method Not Allowed",
            b"GET only\n".to_vec(),
            "text/plain",
        ),
    };
    write!(
        stream,
        "HTTP/1.1 {status}\r\nContent-Type: {kind}\r\nContent-Length: {}\r\n\
         Cache-Control: no-store\r\nConnection: close\r\n\r\n",
        body.len()
    )?;
    if method != "HEAD" {
        stream.write_all(&body)?;
    }
    stream.flush()
}

/// The MIME type of a file by its extension.
fn content_type(name: &str) -> &'static str {
    match name.rsplit('.').next().unwrap_or("") {
        "html" => "text/html; charset=utf-8",
        "js" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "wasm" => "application/wasm",
        "png" => "image/png",
        "svg" => "image/svg+xml",
        "json" => "application/json",
        _ => "application/octet-stream",
    }
}
