//! Screenshots of the design's pictures ([`Design::write_png`]) taken by a headless Chromium or
//! Chrome found on the machine: dynakey carries no browser, and says how to get one.

use std::path::{Path, PathBuf};
use std::process::Command;

use dynakey::Table;

use super::{Design, DesignError};

/// The window width the chart is drawn for, in CSS pixels.
const CHART_WIDTH: usize = 1280;

/// The browsers looked for on `PATH`, in this order, after `DYNAKEY_BROWSER`.
const BROWSERS: [&str; 5] = [
    "chromium",
    "chromium-headless-shell",
    "chromium-browser",
    "google-chrome",
    "google-chrome-stable",
];

/// How to get a browser, for [`DesignError::NoBrowser`].
pub(crate) const HOW_TO_GET_ONE: &str = "install one (Debian/Ubuntu: `apt-get install chromium`; \
     macOS: `brew install --cask chromium`; anywhere with Node.js: `npx @puppeteer/browsers \
     install chrome-headless-shell@stable`) or set DYNAKEY_BROWSER to a Chromium or Chrome binary";

impl<T: Table> Design<T> {
    /// Writes the design's files ([`write_to`](Self::write_to)) into `dir`, then screenshots of
    /// the chart (`<name>-chart.png`, a 1280-px-wide window) and of the drawn item collection
    /// (`<name>-collection.png`, the SVG's own size) taken by a headless Chromium or Chrome:
    /// the binary named by the `DYNAKEY_BROWSER` environment variable, else the first of
    /// `chromium`, `chromium-headless-shell`, `chromium-browser`, `google-chrome`,
    /// `google-chrome-stable` on `PATH`. Returns the paths written (the files, then the PNGs).
    ///
    /// # Errors
    /// [`DesignError::NoBrowser`] (the files are written, no PNG) naming what was tried and how
    /// to install a browser; [`DesignError::Screenshot`] when the browser wrote no PNG;
    /// [`DesignError::Io`] as `write_to`.
    pub fn write_png(&self, dir: &Path) -> Result<Vec<PathBuf>, DesignError> {
        let mut written = self.write_to(dir)?;
        let browser = find_browser().ok_or_else(|| DesignError::NoBrowser {
            tried: std::env::var("DYNAKEY_BROWSER")
                .into_iter()
                .chain(BROWSERS.iter().map(|b| (*b).to_owned()))
                .collect(),
        })?;
        let chart = dir.join(format!("{}-chart.html", self.name));
        let mut shots = vec![(chart, (CHART_WIDTH, self.chart_height()))];
        if let Some(partition) = self.largest_collection() {
            let svg = dir.join(format!("{}-collection.svg", self.name));
            shots.push((svg, svg_size(&self.collection_svg(partition))));
        }
        // A profile of its own: the user's browser profile is neither read nor locked.
        let profile =
            std::env::temp_dir().join(format!("dynakey-design-browser-{}", std::process::id()));
        for (source, (width, height)) in shots {
            let png = source.with_extension("png");
            let _ = std::fs::remove_file(&png);
            let absolute =
                std::fs::canonicalize(&source).map_err(|source_error| DesignError::Io {
                    path: source.clone(),
                    source: source_error,
                })?;
            let output = Command::new(&browser)
                .args([
                    "--headless",
                    "--no-sandbox",
                    "--disable-gpu",
                    "--no-first-run",
                    "--hide-scrollbars",
                    "--disable-background-networking",
                    "--disable-component-update",
                    "--disable-sync",
                ])
                .arg(format!("--user-data-dir={}", profile.display()))
                .arg(format!("--window-size={width},{height}"))
                .arg(format!("--screenshot={}", png.display()))
                .arg(format!("file://{}", absolute.display()))
                .output();
            let made = std::fs::metadata(&png).is_ok_and(|m| m.len() > 0);
            if !made {
                return Err(DesignError::Screenshot {
                    path: png,
                    detail: match output {
                        Ok(out) => format!(
                            "{} exited with {}: {}",
                            browser.display(),
                            out.status,
                            String::from_utf8_lossy(&out.stderr)
                                .lines()
                                .last()
                                .unwrap_or("")
                        ),
                        Err(e) => format!("{} could not be started: {e}", browser.display()),
                    },
                });
            }
            written.push(png);
        }
        let _ = std::fs::remove_dir_all(&profile);
        Ok(written)
    }

    /// A height in CSS pixels the chart's page fits in at 1280 px wide (rows of about 26 px,
    /// patterns of up to three lines, headings): the screenshot's window.
    fn chart_height(&self) -> usize {
        let chart = self.chart();
        let members: usize = chart.collections.iter().map(|c| 1 + c.members.len()).sum();
        let unique = if chart.unique.is_empty() {
            0
        } else {
            110 + 60 * chart.unique.len()
        };
        360 + 30 * chart.rows.len() + 22 * members + 58 * (1 + chart.patterns.len()) + unique
    }
}

/// The browser to use: `DYNAKEY_BROWSER`, else the first of [`BROWSERS`] on `PATH`.
fn find_browser() -> Option<PathBuf> {
    if let Some(named) = std::env::var_os("DYNAKEY_BROWSER") {
        return Some(PathBuf::from(named));
    }
    let path = std::env::var_os("PATH")?;
    BROWSERS.iter().find_map(|name| {
        std::env::split_paths(&path)
            .map(|dir| dir.join(name))
            .find(|candidate| candidate.is_file())
    })
}

/// The `width` and `height` of an SVG the design drew.
fn svg_size(svg: &str) -> (usize, usize) {
    let number = |name: &str| {
        svg.split(&format!(" {name}=\""))
            .nth(1)
            .and_then(|rest| rest.split('"').next())
            .and_then(|n| n.parse().ok())
            .unwrap_or(1000)
    };
    (number("width"), number("height"))
}
