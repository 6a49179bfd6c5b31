//! The server's listener: accepts at most a set number of connections at
//! once, so that a flood of idle or slow clients costs a bounded number
//! of sockets and tasks (the rest wait in the kernel's backlog until a
//! connection closes), and turns Nagle's algorithm off, so that a small
//! JSON answer leaves at once instead of waiting for the client's
//! acknowledgement.

use std::io;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// A TCP listener with a cap on open connections.
pub(crate) struct CappedListener {
    inner: TcpListener,
    slots: Arc<Semaphore>,
}

impl CappedListener {
    /// `inner`, holding at most `most` connections open at once.
    pub(crate) fn new(inner: TcpListener, most: usize) -> CappedListener {
        CappedListener {
            inner,
            slots: Arc::new(Semaphore::new(most.max(1))),
        }
    }
}

/// A connection, holding its slot until it is dropped (closed).
pub(crate) struct Connection {
    stream: TcpStream,
    _slot: OwnedSemaphorePermit,
}

impl axum::serve::Listener for CappedListener {
    type Io = Connection;
    type Addr = SocketAddr;

    async fn accept(&mut self) -> (Connection, SocketAddr) {
        let slot = Arc::clone(&self.slots)
            .acquire_owned()
            .await
            .expect("the semaphore is never closed");
        loop {
            match self.inner.accept().await {
                Ok((stream, addr)) => {
                    // Best effort: an answer is still sent without it.
                    let _ = stream.set_nodelay(true);
                    return (Connection { stream, _slot: slot }, addr);
                }
                // Out of file descriptors, a connection reset before it
                // was accepted...: wait a little rather than spin.
                Err(_) => tokio::time::sleep(Duration::from_millis(10)).await,
            }
        }
    }

    fn local_addr(&self) -> io::Result<SocketAddr> {
        self.inner.local_addr()
    }
}

impl AsyncRead for Connection {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_read(cx, buf)
    }
}

impl AsyncWrite for Connection {
    fn poll_write(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.stream).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.stream).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }
}

/// The client's address, as the access log shows it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ClientAddr(pub(crate) SocketAddr);

impl axum::extract::connect_info::Connected<axum::serve::IncomingStream<'_, CappedListener>> for ClientAddr {
    fn connect_info(stream: axum::serve::IncomingStream<'_, CappedListener>) -> ClientAddr {
        ClientAddr(*stream.remote_addr())
    }
}
