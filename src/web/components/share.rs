//! Sharing: `Copy link` puts a link to the current position (and replay) on the clipboard, or
//! shows it in a field to copy by hand when the browser refuses; `Embed` shows a ready-to-paste
//! `<iframe>` snippet.

use wasm_bindgen_futures::JsFuture;
use web_sys::HtmlInputElement;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct ShareProps {
    /// The full link to what is on the board now.
    pub link: AttrValue,
    /// The same position in embed mode.
    pub embed_link: AttrValue,
}

#[derive(Clone, PartialEq)]
enum Shown {
    Nothing,
    Copied,
    /// The clipboard was refused: the link to copy by hand.
    Field(String),
    Snippet(String),
}

/// The `<iframe>` to paste into a page, as DESIGN.md gives it. The link is already safe text
/// (our own query writer); quotes are escaped anyway.
pub fn iframe_snippet(embed_link: &str) -> String {
    format!(
        r#"<iframe src="{}" title="Sliding puzzle" width="360" height="460"></iframe>"#,
        embed_link.replace('&', "&amp;").replace('"', "&quot;")
    )
}

#[component]
pub fn Share(props: &ShareProps) -> Html {
    let shown = use_state(|| Shown::Nothing);
    let field = use_node_ref();

    // A new position makes an old "copied" note or snippet stale.
    {
        let shown = shown.clone();
        use_effect_with(props.link.clone(), move |_| shown.set(Shown::Nothing));
    }
    // Select the fallback field so one Ctrl-C copies it.
    {
        let field = field.clone();
        use_effect_with((*shown).clone(), move |_| {
            if let Some(input) = field.cast::<HtmlInputElement>() {
                input.select();
            }
        });
    }

    let copy = {
        let shown = shown.clone();
        let link = props.link.to_string();
        Callback::from(move |_: MouseEvent| {
            let shown = shown.clone();
            let link = link.clone();
            wasm_bindgen_futures::spawn_local(async move {
                let clipboard = web_sys::window().map(|w| w.navigator().clipboard());
                let copied = match clipboard {
                    Some(c) => JsFuture::from(c.write_text(&link)).await.is_ok(),
                    None => false,
                };
                shown.set(if copied {
                    Shown::Copied
                } else {
                    Shown::Field(link)
                });
            });
        })
    };
    let embed = {
        let shown = shown.clone();
        let snippet = iframe_snippet(&props.embed_link);
        Callback::from(move |_: MouseEvent| shown.set(Shown::Snippet(snippet.clone())))
    };

    html! {
        <div class="share">
            <div class="row">
                <button onclick={copy}>{ "Copy link" }</button>
                <button onclick={embed}>{ "Embed" }</button>
            </div>
            {
                match &*shown {
                    Shown::Nothing => html! {},
                    Shown::Copied => html! {
                        <p class="note" role="status">{ "Link copied: paste it to share this position." }</p>
                    },
                    Shown::Field(link) => html! {
                        <div class="field wide">
                            <label for="share-link">{ "Link" }</label>
                            <input id="share-link" ref={field.clone()} readonly=true value={link.clone()} />
                            <span class="note" role="status">{ "Copy this link (the browser refused the clipboard)." }</span>
                        </div>
                    },
                    Shown::Snippet(snippet) => html! {
                        <div class="field wide">
                            <label for="embed-code">{ "Embed code" }</label>
                            <textarea id="embed-code" readonly=true rows="3" value={snippet.clone()} />
                        </div>
                    },
                }
            }
        </div>
    }
}
